import { describe, expect, it } from 'vitest';
import { storeApplicationMachine, type StoreApplicationInput, type SubmitApplicationInput } from '../../machines/storeApplication.machine';
import {
  emptyValues, isCreditCode, isIdCardNo, progressOf, serverFieldErrors, stepOf, stepOfPath, submitPayload, thirdLevelClasses,
  validateApplication, valuesOf,
  type ApplicationValues, type StoreRecord,
} from '../../machines/storeApplication';
import { createTestActor } from './coverage';
import { flush, manualActor, recordActions } from './fakes';

const VALID: ApplicationValues = {
  store_logo: '/uploads/store/logo.png',
  store_name: 'Souk Tea',
  class_id: [[1, 2, 3], [1, 2], [4, 5, 6]],
  store_company_name: 'Souk Tea Co.',
  area: [110000, 110100, 110105],
  store_address: '1 Tea Street',
  store_lat: '39.990496',
  store_lng: '116.482086',
  business_license: '/uploads/store/licence.png',
  business_license_no: '91350100M000100Y43',
  legal_person: 'Li Lei',
  store_phone: '13800138000',
  id_card_no: '11010519491231002X',
  id_card_t: '/uploads/store/id-front.png',
  id_card_b: '/uploads/store/id-back.png',
  emergency_contact: 'Han Mei',
  emergency_contact_phone: '15900000000',
};

const PAYLOAD: SubmitApplicationInput = {
  ...VALID,
  class_id: [[1, 2, 3], [4, 5, 6]],
  province_id: 110000,
  city_id: 110100,
  region_id: 110105,
};

const stored = (store_verify: number, extra: Partial<StoreRecord> = {}): StoreRecord => ({ id: 5, store_verify, ...VALID, ...extra });

async function setupWizard(answer: StoreRecord | null, input: StoreApplicationInput = {}) {
  const log = recordActions(['goStep', 'goSellerCentre']);
  const fetchStore = manualActor<StoreRecord | null, unknown>();
  const join = manualActor<StoreRecord, unknown>();
  const submit = manualActor<unknown, SubmitApplicationInput>();
  const actor = createTestActor(
    storeApplicationMachine.provide({
      actions: log.actions,
      actors: { fetchStore: fetchStore.logic, join: join.logic, submit: submit.logic },
    }),
    { input },
  );
  actor.start();
  expect(actor.getSnapshot().value).toBe('loading');
  fetchStore.last().resolve(answer);
  await flush();
  const context = () => actor.getSnapshot().context;
  return { actor, log, fetchStore, join, submit, context };
}

const step = (name: string) => ({ type: 'goStep', params: { step: name, path: name === 'join' ? '/store/join' : `/store/step_${name.slice(-1)}` } });

describe('storeApplication: a new applicant', () => {
  it('lands on /store/join, reads the agreement, joins, then fills in the form', async () => {
    const { actor, log, join, context } = await setupWizard(null);
    expect(actor.getSnapshot().value).toBe('landing');
    expect(log.calls).toEqual([step('join')]);

    actor.send({ type: 'JOIN' });
    expect(actor.getSnapshot().value).toBe('step1');
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('step1');
    expect(context().error).toBe('readAgreement');
    expect(join.calls).toHaveLength(0);

    actor.send({ type: 'AGREE', agreed: true });
    expect(context()).toMatchObject({ agreed: true, error: null });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('joining');
    join.last().resolve({ id: 12, store_verify: 1, store_name: '神秘商户' });
    await flush();
    expect(actor.getSnapshot().value).toBe('step2');
    expect(context().store).toEqual({ id: 12, store_verify: 1, store_name: '神秘商户' });
    expect(context().values).toEqual({ ...emptyValues(), store_name: '神秘商户' });
    expect(log.calls).toEqual([step('join'), step('step1'), step('step2')]);
  });

  it('unticking the agreement refuses NEXT again', async () => {
    const { actor, context } = await setupWizard(null);
    actor.send({ type: 'JOIN' });
    actor.send({ type: 'AGREE', agreed: true });
    actor.send({ type: 'AGREE', agreed: false });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('step1');
    expect(context()).toMatchObject({ agreed: false, error: 'readAgreement' });
  });

  it('stays on step 1 when joining fails (§6.3 item 35)', async () => {
    const { actor, join, log, context } = await setupWizard(null);
    actor.send({ type: 'JOIN' });
    actor.send({ type: 'AGREE', agreed: true });
    actor.send({ type: 'NEXT' });
    join.last().reject({ code: 409, msg: '店铺已经存在.' });
    await flush();
    expect(actor.getSnapshot().value).toBe('step1');
    expect(context()).toMatchObject({ error: '店铺已经存在.', store: null });
    actor.send({ type: 'NEXT' });
    join.last().reject(undefined);
    await flush();
    expect(context().error).toBe('joinFailed');
    expect(log.types()).not.toContain('goSellerCentre');
    expect(log.calls.filter((call) => (call.params as { step: string }).step === 'step2')).toEqual([]);
  });

  it('REFRESH on the landing page asks the server again', async () => {
    const { actor, fetchStore } = await setupWizard(null);
    actor.send({ type: 'REFRESH' });
    expect(actor.getSnapshot().value).toBe('loading');
    fetchStore.last().resolve(stored(2));
    await flush();
    expect(actor.getSnapshot().value).toEqual({ step3: 'verifying' });
  });
});

describe('storeApplication: step 2', () => {
  it('refuses invalid values, keeping what was typed and saying why per field', async () => {
    const { actor, submit, context } = await setupWizard(stored(1, { store_name: '' }));
    expect(actor.getSnapshot().value).toBe('step2');
    const typed = { ...VALID, store_phone: '12345', id_card_b: '', class_id: [[1, 2]] };
    actor.send({ type: 'SUBMIT', values: typed });
    expect(actor.getSnapshot().value).toBe('step2');
    expect(context()).toMatchObject({ values: typed, error: 'notCheck' });
    expect(context().fieldErrors).toEqual({ store_phone: 'phoneFormat', id_card_b: 'required', class_id: 'required' });
    expect(submit.calls).toHaveLength(0);
  });

  it('submits the payload and waits for the review', async () => {
    const { actor, submit, log, context } = await setupWizard(stored(1, { store_name: '' }));
    actor.send({ type: 'SUBMIT', values: { ...VALID, store_phone: '12345' } });
    actor.send({ type: 'SUBMIT', values: VALID });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(context()).toMatchObject({ error: null, fieldErrors: {} });
    expect(submit.last().input).toEqual(PAYLOAD);
    submit.last().resolve([]);
    await flush();
    expect(actor.getSnapshot().value).toEqual({ step3: 'verifying' });
    expect(context().store).toMatchObject({ id: 5, store_verify: 2, store_name: 'Souk Tea', region_id: 110105 });
    expect(log.calls).toEqual([step('step2'), step('step3')]);
  });

  it('a refused submit goes back to step 2 with the server message and the field it names', async () => {
    const { actor, submit, context } = await setupWizard(stored(1));
    actor.send({ type: 'SUBMIT', values: VALID });
    submit.last().reject({ code: 422, msg: '店铺名称已存在', data: { field: 'store_name' } });
    await flush();
    expect(actor.getSnapshot().value).toBe('step2');
    expect(context()).toMatchObject({ values: VALID, error: '店铺名称已存在', fieldErrors: { store_name: '店铺名称已存在' } });
    actor.send({ type: 'SUBMIT', values: VALID });
    submit.last().reject(new Error(''));
    await flush();
    expect(context()).toMatchObject({ error: 'submitFailed', fieldErrors: {} });
  });
});

describe('storeApplication: resuming from the server state', () => {
  it('a draft (verify 1) goes to step 2 with its values, already agreed', async () => {
    const { actor, log, context } = await setupWizard(stored(1, { store_company_name: 'Draft Co.' }), { entry: 'join' });
    expect(actor.getSnapshot().value).toBe('step2');
    expect(context()).toMatchObject({ agreed: true, values: { ...VALID, store_company_name: 'Draft Co.' } });
    expect(log.calls).toEqual([step('step2')]);
  });

  it('a draft opened at /store/step_1 shows the agreement; NEXT goes on without joining again', async () => {
    const { actor, join, log } = await setupWizard(stored(1), { entry: 'step1' });
    expect(actor.getSnapshot().value).toBe('step1');
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('step2');
    expect(join.calls).toHaveLength(0);
    expect(log.calls).toEqual([step('step1'), step('step2')]);
  });

  it('verify 2 waits for the review; REFRESH picks up a refusal; EDIT goes back to step 2 with the old values (§6.3 item 35)', async () => {
    const { actor, fetchStore, log, context } = await setupWizard(stored(2), { entry: 'step2' });
    expect(actor.getSnapshot().value).toEqual({ step3: 'verifying' });
    actor.send({ type: 'REFRESH' });
    fetchStore.last().resolve(stored(3, { store_refuse_info: '执照模糊', legal_person: 'Wang Wu' }));
    await flush();
    expect(actor.getSnapshot().value).toEqual({ step3: 'denied' });
    expect(context().refuseInfo).toBe('执照模糊');
    actor.send({ type: 'EDIT' });
    expect(actor.getSnapshot().value).toBe('step2');
    expect(context().values).toEqual({ ...VALID, legal_person: 'Wang Wu' });
    expect(log.calls).toEqual([step('step3'), step('step3'), step('step2')]);
    expect(log.types()).not.toContain('goSellerCentre');
  });

  it('verify 4 has passed: the button opens the seller centre login', async () => {
    const { actor, log } = await setupWizard(stored(4));
    expect(actor.getSnapshot().value).toEqual({ step3: 'passed' });
    actor.send({ type: 'EDIT' });
    actor.send({ type: 'SELLER.OPEN' });
    expect(actor.getSnapshot().value).toEqual({ step3: 'passed' });
    expect(log.calls).toEqual([step('step3'), { type: 'goSellerCentre', params: { url: '/Seller/login' } }]);
  });

  it('a failed load keeps the message and REFRESH retries', async () => {
    const fetchStore = manualActor<StoreRecord | null, unknown>();
    const actor = createTestActor(storeApplicationMachine.provide({ actors: { fetchStore: fetchStore.logic } }), { input: {} });
    actor.start();
    fetchStore.last().reject({ code: 401, msg: 'Unauthenticated.' });
    await flush();
    expect(actor.getSnapshot()).toMatchObject({ value: 'failed', context: { error: 'Unauthenticated.' } });
    actor.send({ type: 'REFRESH' });
    fetchStore.last().reject(undefined);
    await flush();
    expect(actor.getSnapshot()).toMatchObject({ value: 'failed', context: { error: 'loadFailed' } });
    actor.send({ type: 'REFRESH' });
    fetchStore.last().resolve(null);
    await flush();
    expect(actor.getSnapshot()).toMatchObject({ value: 'landing', context: { error: null, entry: 'join' } });
  });
});

describe('storeApplication helpers', () => {
  it.each([
    [null, 'none'],
    [undefined, 'none'],
    [{ store_verify: 0 }, 'fillingIn'],
    [{ store_verify: 1 }, 'fillingIn'],
    [{ store_verify: 2 }, 'verifying'],
    [{ store_verify: 3 }, 'denied'],
    [{ store_verify: 4 }, 'passed'],
  ])('stepOf(%o) → %s', (store, stage) => {
    expect(stepOf(store as StoreRecord | null)).toBe(stage);
  });

  it.each([
    ['/store/join', 'join'],
    ['/store/step_1', 'step1'],
    ['/store/step_2', 'step2'],
    ['/store/step_3', 'step3'],
    ['/store/7', 'join'],
  ])('stepOfPath(%s) → %s', (path, expected) => {
    expect(stepOfPath(path)).toBe(expected);
  });

  it.each([
    ['step1', 'none', { active: 0, failed: false }],
    ['step2', 'fillingIn', { active: 1, failed: false }],
    ['step3', 'verifying', { active: 2, failed: false }],
    ['step3', 'denied', { active: 3, failed: true }],
    ['step3', 'passed', { active: 4, failed: false }],
  ] as const)('progressOf(%s, %s) → %o', (page, stage, expected) => {
    expect(progressOf(page, stage)).toEqual(expected);
  });

  it('valuesOf reads a record, taking the area from the ids when no area array is given', () => {
    expect(valuesOf(null)).toEqual(emptyValues());
    const record: StoreRecord = { store_verify: 3, store_name: 'A', province_id: 1, city_id: 2, region_id: 3, class_id: [[1, 2, 3]], store_phone: undefined };
    expect(valuesOf(record)).toEqual({ ...emptyValues(), store_name: 'A', area: [1, 2, 3], class_id: [[1, 2, 3]] });
    expect(valuesOf({ store_verify: 1, area: [4, 5, 6], province_id: 1 }).area).toEqual([4, 5, 6]);
  });

  it('accepts the complete form', () => {
    expect(validateApplication(VALID)).toEqual({});
  });

  it.each([
    ['store_logo', '', 'required'],
    ['store_name', '   ', 'required'],
    ['store_name', 'x'.repeat(31), 'tooLong'],
    ['store_company_name', 'x'.repeat(31), 'tooLong'],
    ['store_address', 'x'.repeat(51), 'tooLong'],
    ['business_license', '', 'required'],
    ['business_license_no', '', 'required'],
    ['business_license_no', '91350100M000100Y44', 'licenceFormat'],
    ['business_license_no', '1234', 'licenceFormat'],
    ['legal_person', 'x'.repeat(11), 'tooLong'],
    ['store_phone', '', 'required'],
    ['store_phone', '12800138000', 'phoneFormat'],
    ['store_phone', '1380013800', 'phoneFormat'],
    ['store_phone', '138001380001', 'phoneFormat'],
    ['id_card_no', '', 'required'],
    ['id_card_no', '110105194912310021', 'idCardFormat'],
    ['id_card_no', '11010519491331002X', 'idCardFormat'],
    ['id_card_t', '', 'required'],
    ['id_card_b', '', 'required'],
    ['emergency_contact', '', 'required'],
    ['emergency_contact_phone', '021-5555555', 'phoneFormat'],
    ['class_id', [], 'required'],
    ['class_id', [[1], [1, 2]], 'required'],
    ['area', [1, 2], 'required'],
    ['area', [1, 2, 0], 'required'],
  ] as const)('%s = %j → %s', (field, value, error) => {
    expect(validateApplication({ ...VALID, [field]: value })).toEqual({ [field]: error });
  });

  it('trims what it checks and sends', () => {
    const padded = { ...VALID, store_phone: ' 13800138000 ', store_name: ' Souk Tea ' };
    expect(validateApplication(padded)).toEqual({});
    expect(submitPayload(padded)).toEqual(PAYLOAD);
  });

  it('the map point is optional; a given one must be a coordinate in range', () => {
    expect(validateApplication({ ...VALID, store_lat: '', store_lng: '' })).toEqual({});
    expect(validateApplication({ ...VALID, store_lat: '91', store_lng: '116.4x' })).toEqual({ store_lat: 'coordinate', store_lng: 'coordinate' });
    expect(submitPayload({ ...VALID, store_lat: ' 39.9 ', store_lng: ' 116.4 ' })).toMatchObject({ store_lat: '39.9', store_lng: '116.4' });
  });

  it.each([
    ['11010519491231002X', true],
    ['11010519491231002x', true],
    ['110105194912310021', false],
    ['110105491231002', false],
    ['01010519491231002X', false],
  ])('isIdCardNo(%s) → %s', (value, expected) => {
    expect(isIdCardNo(value)).toBe(expected);
  });

  it.each([
    ['91350100M000100Y43', true],
    ['91350100m000100y43', true],
    ['91350100M000100Y42', false],
    ['91350100M000100I43', false],
    ['9135010', false],
  ])('isCreditCode(%s) → %s', (value, expected) => {
    expect(isCreditCode(value)).toBe(expected);
  });

  it('thirdLevelClasses keeps only full paths', () => {
    expect(thirdLevelClasses([[1], [1, 2, 3], [1, 2], [4, 5, 6]])).toEqual([[1, 2, 3], [4, 5, 6]]);
  });

  it.each([
    [{ code: 422, msg: 'bad name', data: { field: 'store_name' } }, { store_name: 'bad name' }],
    [{ code: 422, msg: '', data: { field: 'id_card_no' } }, { id_card_no: 'required' }],
    [{ code: 422, msg: 'x', data: { field: 'password' } }, {}],
    [{ code: 500, msg: 'x', data: null }, {}],
    ['plain', {}],
    [null, {}],
  ])('serverFieldErrors(%o) → %o', (error, expected) => {
    expect(serverFieldErrors(error)).toEqual(expected);
  });
});
