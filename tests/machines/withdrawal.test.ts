import { describe, expect, it } from 'vitest';
import { withdrawalMachine, type SavedCheck, type SubmitCashInput } from '../../machines/withdrawal.machine';
import { amountCents, centsText, checkAmount, checkRealName, feePreview, rateBp, type CashAccount, type RealNameForm } from '../../machines/withdrawal';
import { percentOfCents, percentToBp } from '../../server/modules/settlement/rates';
import { createTestActor } from './coverage';
import { flush, manualActor, recordActions } from './fakes';

const ACCOUNT: CashAccount = { balance: '100.00', frozen: '5.00', rate: '0.5', details: { name: '陈晓明', bank_name: '招商银行', card_no: '6225880123456789' }, checked: true };
const UNCHECKED: CashAccount = { ...ACCOUNT, details: { name: '', bank_name: '', card_no: '' }, checked: false };

function start(canVerify = true) {
  const log = recordActions(['notifyDone']);
  const loadAccount = manualActor<CashAccount, unknown>();
  const saveCheck = manualActor<SavedCheck, RealNameForm>();
  const submitCash = manualActor<unknown, SubmitCashInput>();
  const actor = createTestActor(
    withdrawalMachine.provide({ actions: log.actions, actors: { loadAccount: loadAccount.logic, saveCheck: saveCheck.logic, submitCash: submitCash.logic } }),
    { input: { canVerify } },
  );
  actor.start();
  return { actor, log, loadAccount, saveCheck, submitCash };
}

async function atAmount() {
  const t = start();
  t.loadAccount.last().resolve(ACCOUNT);
  await flush();
  t.actor.send({ type: 'DETAILS.SUBMIT' });
  return t;
}

const fill = (actor: ReturnType<typeof start>['actor'], form: Partial<RealNameForm>) => {
  for (const [field, value] of Object.entries(form)) actor.send({ type: 'CHECK.CHANGE', field: field as keyof RealNameForm, value });
};

describe('withdrawal rules (pure)', () => {
  it('the fee preview is the server’s fee: same rate parsing, same rounding (halves up), for many amounts and rates', () => {
    for (const rate of ['0', '0.5', '0.05', '1', '2.5', '12.25', '100', 'x', '101']) {
      expect(rateBp(rate), rate).toBe(percentToBp(rate) ?? 0);
      for (const cents of [1, 99, 100, 101, 199, 1_000, 12_345, 12_350, 99_999, 1_000_000_01, 99_999_999_999]) {
        expect(feePreview(cents, rateBp(rate)).fee, `${cents} @ ${rate}`).toBe(percentOfCents(cents, percentToBp(rate) ?? 0));
      }
    }
    expect(feePreview(10_000, 50)).toEqual({ fee: 50, net: 9_950 });
    expect(feePreview(101, 50)).toEqual({ fee: 1, net: 100 });
  });

  it('amounts and details are checked before anything is sent', () => {
    expect([amountCents('12.3'), amountCents(' 7 '), amountCents('1.234'), amountCents('-1'), amountCents('1e3')]).toEqual([1230, 700, null, null, null]);
    expect([centsText(5), centsText(1230), centsText(-75)]).toEqual(['0.05', '12.30', '-0.75']);
    expect(checkAmount('', '10.00', 50)).toBe('required');
    expect(checkAmount('abc', '10.00', 50)).toBe('format');
    expect(checkAmount('0.00', '10.00', 50)).toBe('zero');
    expect(checkAmount('10.01', '10.00', 50)).toBe('overBalance');
    expect(checkAmount('0.01', '10.00', 10_000)).toBe('noNet');
    expect(checkAmount('10', '10.00', 50)).toBeNull();
    expect(checkRealName({ name: ' ', card_no: '12', bank_name: 'x'.repeat(31), bank_no: '12-34' })).toEqual({ name: 'required', card_no: 'idFormat', bank_name: 'tooLong', bank_no: 'cardFormat' });
    expect(checkRealName({ name: 'x'.repeat(21), card_no: '', bank_name: 'b', bank_no: '' })).toEqual({ name: 'tooLong', card_no: 'required', bank_no: 'required' });
    expect(checkRealName({ name: 'a', card_no: '11010519900101123x', bank_name: 'b', bank_no: '6225-8801 2345' })).toEqual({});
  });
});

describe('withdrawal machine', () => {
  it('loads the account (the payee of the real-name check), a failed load can be retried or cancelled', async () => {
    const { actor, loadAccount } = start();
    expect(actor.getSnapshot().value).toBe('loading');
    loadAccount.last().reject({ msg: '网络错误' });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('网络错误');
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().value).toBe('loading');
    loadAccount.last().resolve(ACCOUNT);
    await flush();
    expect(actor.getSnapshot().value).toBe('details');
    expect(actor.getSnapshot().context.details).toEqual({ name: '陈晓明', bank_name: '招商银行', card_no: '6225880123456789' });
    expect(actor.getSnapshot().context.error).toBeNull();

    const other = start();
    other.loadAccount.last().reject(new Error('x'));
    await flush();
    other.actor.send({ type: 'CANCEL' });
    expect(other.actor.getSnapshot().value).toBe('closed');
    expect(other.actor.getSnapshot().status).toBe('done');
  });

  it('without a check a shopper fills the real-name form: refused until right, saved once, then the payee', async () => {
    const { actor, loadAccount, saveCheck } = start();
    loadAccount.last().resolve(UNCHECKED);
    await flush();
    expect(actor.getSnapshot().value).toBe('verify');
    // no payee to go back to
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().value).toBe('verify');
    actor.send({ type: 'CHECK.SUBMIT' });
    expect(actor.getSnapshot().context.checkErrors).toEqual({ name: 'required', card_no: 'required', bank_name: 'required', bank_no: 'required' });
    fill(actor, { name: ' 李四 ', card_no: '1101 0519 9001 01123x', bank_name: '中国银行', bank_no: '12' });
    expect(actor.getSnapshot().context.checkErrors.name).toBeUndefined();
    actor.send({ type: 'CHECK.SUBMIT' });
    expect(actor.getSnapshot().context.checkErrors).toEqual({ bank_no: 'cardFormat' });
    fill(actor, { bank_no: '6222 0000 1111 2222' });
    actor.send({ type: 'CHECK.SUBMIT' });
    expect(actor.getSnapshot().value).toBe('savingCheck');
    expect(saveCheck.last().input).toEqual({ name: '李四', card_no: '11010519900101123X', bank_name: '中国银行', bank_no: '6222000011112222' });
    saveCheck.last().reject({ msg: '证件号不正确', data: { field: 'card_no' } });
    await flush();
    expect(actor.getSnapshot()).toMatchObject({ value: 'verify', context: { error: '证件号不正确' } });
    actor.send({ type: 'CHECK.SUBMIT' });
    saveCheck.last().resolve({ name: '李四', bank_name: '中国银行', bank_no: '6222000011112222' });
    await flush();
    expect(actor.getSnapshot().value).toBe('details');
    expect(actor.getSnapshot().context.details).toEqual({ name: '李四', bank_name: '中国银行', card_no: '6222000011112222' });
    expect(actor.getSnapshot().context.account?.checked).toBe(true);
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it('a shopper may change the check from the payee step and come back; cancel closes the form', async () => {
    const { actor, loadAccount } = start();
    loadAccount.last().resolve(ACCOUNT);
    await flush();
    actor.send({ type: 'DETAILS.EDIT' });
    expect(actor.getSnapshot().value).toBe('verify');
    expect(actor.getSnapshot().context.check).toEqual({ name: '陈晓明', card_no: '', bank_name: '招商银行', bank_no: '6225880123456789' });
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().value).toBe('details');
    actor.send({ type: 'DETAILS.EDIT' });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it('a store without its owner’s check is told so (retry reloads); its payee cannot be changed here', async () => {
    const { actor, loadAccount } = start(false);
    loadAccount.last().resolve(UNCHECKED);
    await flush();
    expect(actor.getSnapshot().value).toBe('unverified');
    actor.send({ type: 'RETRY' });
    loadAccount.last().resolve(ACCOUNT);
    await flush();
    expect(actor.getSnapshot().value).toBe('details');
    actor.send({ type: 'DETAILS.EDIT' });
    expect(actor.getSnapshot().value).toBe('details');
    const other = start(false);
    other.loadAccount.last().resolve(UNCHECKED);
    await flush();
    other.actor.send({ type: 'CANCEL' });
    expect(other.actor.getSnapshot().value).toBe('closed');
  });

  it('amount: previews the fee and the net amount as typed; "all" takes the balance; bad amounts stay; back keeps the details; cancel closes', async () => {
    const { actor } = await atAmount();
    expect(actor.getSnapshot().value).toBe('amount');
    actor.send({ type: 'AMOUNT.CHANGE', value: '1.01' });
    expect(actor.getSnapshot().context).toMatchObject({ fee: '0.01', net: '1.00', amountError: null });
    actor.send({ type: 'AMOUNT.CHANGE', value: 'x' });
    expect(actor.getSnapshot().context).toMatchObject({ fee: '', net: '' });
    actor.send({ type: 'AMOUNT.SUBMIT' });
    expect(actor.getSnapshot().value).toBe('amount');
    expect(actor.getSnapshot().context.amountError).toBe('format');
    actor.send({ type: 'AMOUNT.CHANGE', value: '100.01' });
    // more than the balance: no fee or paid-to-card figures for an amount that will be refused
    expect(actor.getSnapshot().context).toMatchObject({ fee: '', net: '' });
    actor.send({ type: 'AMOUNT.SUBMIT' });
    expect(actor.getSnapshot().context.amountError).toBe('overBalance');
    actor.send({ type: 'AMOUNT.ALL' });
    expect(actor.getSnapshot().context).toMatchObject({ amount: '100.00', fee: '0.50', net: '99.50', amountError: null });
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().value).toBe('details');
    actor.send({ type: 'DETAILS.SUBMIT' });
    expect(actor.getSnapshot().context.amount).toBe('100.00');
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it('confirm shows the fee before sending; back returns to the amount; cancel closes', async () => {
    const { actor } = await atAmount();
    actor.send({ type: 'AMOUNT.CHANGE', value: '20' });
    actor.send({ type: 'AMOUNT.SUBMIT' });
    expect(actor.getSnapshot().value).toBe('confirm');
    expect(actor.getSnapshot().context).toMatchObject({ amount: '20.00', fee: '0.10', net: '19.90' });
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().value).toBe('amount');
    actor.send({ type: 'AMOUNT.SUBMIT' });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it('submits once, the amount only (the server pays the check’s card), and reports done', async () => {
    const { actor, submitCash, log } = await atAmount();
    actor.send({ type: 'AMOUNT.CHANGE', value: '20.5' });
    actor.send({ type: 'AMOUNT.SUBMIT' });
    actor.send({ type: 'CONFIRM' });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(submitCash.calls).toHaveLength(1);
    expect(submitCash.last().input).toEqual({ money: '20.50' });
    submitCash.last().resolve({ id: 9 });
    await flush();
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.result).toEqual({ id: 9 });
    expect(log.calls).toEqual([{ type: 'notifyDone', params: { result: { id: 9 } } }]);
  });

  it('a refusal goes back to the step of the field it names (no check: the account again), else stays on confirm with the message', async () => {
    for (const [field, state] of [['check', 'loading'], ['money', 'amount'], [undefined, 'confirm']] as const) {
      const { actor, submitCash } = await atAmount();
      actor.send({ type: 'AMOUNT.CHANGE', value: '20' });
      actor.send({ type: 'AMOUNT.SUBMIT' });
      actor.send({ type: 'CONFIRM' });
      submitCash.last().reject({ msg: '被拒绝', data: field ? { field } : [] });
      await flush();
      expect(actor.getSnapshot().value, String(field)).toBe(state);
      expect(actor.getSnapshot().context.error).toBe('被拒绝');
    }
  });
});
