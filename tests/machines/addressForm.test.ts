import { describe, expect, it } from 'vitest';
import { addressPayload, addressServerErrors, emptyAddress, validateAddress, type AddressValues } from '../../machines/addressForm';
import { addressFormMachine, type SaveAddressInput } from '../../machines/addressForm.machine';
import { createTestActor } from './coverage';
import { flush, manualActor, recordActions } from './fakes';

const good: AddressValues = { receive_name: ' 张三 ', receive_tel: '13912345678', area: [1, 2, 3], address: '建国路 1 号', is_default: true };

function setup(input: { id?: number; values?: AddressValues } = {}) {
  const log = recordActions(['notifySaved']);
  const save = manualActor<unknown, SaveAddressInput>();
  const actor = createTestActor(addressFormMachine.provide({ actions: log.actions, actors: { saveAddress: save.logic } }), { input });
  actor.start();
  return { actor, log, save };
}

describe('address form checks', () => {
  it('names each missing, too long or malformed field', () => {
    expect(validateAddress(emptyAddress())).toEqual({ receive_name: 'required', receive_tel: 'required', area: 'area', address: 'required' });
    expect(validateAddress({ ...good, receive_name: '名'.repeat(31), address: '路'.repeat(121) })).toEqual({ receive_name: 'tooLong', address: 'tooLong' });
    for (const tel of ['12345', '139123456789', 'phone', '010-1234']) expect(validateAddress({ ...good, receive_tel: tel })).toEqual({ receive_tel: 'tel' });
    for (const tel of ['13912345678', '010-88886666', '88886666', '0755-22345678-123']) expect(validateAddress({ ...good, receive_tel: tel })).toEqual({});
    expect(validateAddress({ ...good, area: [1] })).toEqual({ area: 'area' });
    expect(validateAddress({ ...good, area: [1, 2] })).toEqual({});
  });

  it('sends trimmed texts and is_default as 0/1', () => {
    expect(addressPayload(good)).toEqual({ receive_name: '张三', receive_tel: '13912345678', address: '建国路 1 号', area: [1, 2, 3], is_default: 1 });
  });

  it('reads the field a refusal names, preferring the issue text', () => {
    expect(addressServerErrors({ msg: 'Invalid data: receive_tel: bad', data: { field: 'receive_tel', issues: [{ message: 'bad' }] } })).toEqual({ receive_tel: 'bad' });
    expect(addressServerErrors({ msg: 'Choose a valid area', data: { field: 'area' } })).toEqual({ area: 'Choose a valid area' });
    expect(addressServerErrors({ msg: 'At most 20', data: { field: 'address', max: 20 } })).toEqual({});
    expect(addressServerErrors({ msg: 'x', data: { field: 'id' } })).toEqual({});
    expect(addressServerErrors(null)).toEqual({});
  });
});

describe('addressForm machine', () => {
  it('keeps a form with mistakes in editing, sending nothing', () => {
    const { actor, save } = setup();
    actor.send({ type: 'SUBMIT', values: { ...good, receive_tel: '1' } });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ receive_tel: 'tel' });
    expect(save.calls).toHaveLength(0);
  });

  it('saves once and ends in saved with the row', async () => {
    const { actor, save, log } = setup({ id: 7, values: good });
    expect(actor.getSnapshot().context.values).toEqual(good);
    actor.send({ type: 'SUBMIT', values: good });
    expect(actor.getSnapshot().value).toBe('submitting');
    actor.send({ type: 'SUBMIT', values: good });
    expect(save.calls).toHaveLength(1);
    expect(save.last().input).toEqual({ id: 7, values: good });
    save.last().resolve({ id: 7, is_default: true });
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context.saved).toEqual({ id: 7, is_default: true });
    expect(log.calls).toEqual([{ type: 'notifySaved', params: { row: { id: 7, is_default: true } } }]);
  });

  it('marks the field a refusal names and lets the person submit again', async () => {
    const { actor, save } = setup();
    actor.send({ type: 'SUBMIT', values: good });
    save.last().reject({ kind: 'fail', code: 422, msg: 'Choose a valid area', data: { field: 'area' } });
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ area: 'Choose a valid area' });
    expect(save.last().input.id).toBeNull();
    actor.send({ type: 'SUBMIT', values: good });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
  });

  it('keeps any other failure as the form error', async () => {
    const { actor, save } = setup();
    actor.send({ type: 'SUBMIT', values: good });
    save.last().reject({ kind: 'fail', code: 422, msg: 'You can keep at most 20 addresses', data: { field: 'address', max: 20 } });
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toBe('You can keep at most 20 addresses');
    actor.send({ type: 'SUBMIT', values: good });
    save.last().reject(new Error(''));
    await flush();
    expect(actor.getSnapshot().context.error).toBe('saveFailed');
  });
});
