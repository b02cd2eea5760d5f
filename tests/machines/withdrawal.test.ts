import { describe, expect, it } from 'vitest';
import { withdrawalMachine, type SubmitCashInput } from '../../machines/withdrawal.machine';
import { amountCents, centsText, checkAmount, checkDetails, feePreview, rateBp, type CashAccount } from '../../machines/withdrawal';
import { percentOfCents, percentToBp } from '../../server/modules/settlement/rates';
import { createTestActor } from './coverage';
import { flush, manualActor, recordActions } from './fakes';

const ACCOUNT: CashAccount = { balance: '100.00', frozen: '5.00', rate: '0.5', details: { name: '陈晓明', bank_name: '招商银行', card_no: '' } };

function start() {
  const log = recordActions(['notifyDone']);
  const loadAccount = manualActor<CashAccount, unknown>();
  const submitCash = manualActor<unknown, SubmitCashInput>();
  const actor = createTestActor(withdrawalMachine.provide({ actions: log.actions, actors: { loadAccount: loadAccount.logic, submitCash: submitCash.logic } }));
  actor.start();
  return { actor, log, loadAccount, submitCash };
}

async function atAmount() {
  const t = start();
  t.loadAccount.last().resolve(ACCOUNT);
  await flush();
  t.actor.send({ type: 'DETAILS.CHANGE', field: 'card_no', value: '6225 8801 2345 6789' });
  t.actor.send({ type: 'DETAILS.SUBMIT' });
  return t;
}

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
    expect(checkDetails({ name: ' ', bank_name: 'x'.repeat(31), card_no: '12-34' })).toEqual({ name: 'required', bank_name: 'tooLong', card_no: 'cardFormat' });
    expect(checkDetails({ name: 'a', bank_name: 'b', card_no: '' })).toEqual({ card_no: 'required' });
    expect(checkDetails({ name: 'a', bank_name: 'b', card_no: '6225-8801 2345' })).toEqual({});
  });
});

describe('withdrawal machine', () => {
  it('loads the account (prefilling saved details), a failed load can be retried or cancelled', async () => {
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
    expect(actor.getSnapshot().context.details).toEqual({ name: '陈晓明', bank_name: '招商银行', card_no: '' });
    expect(actor.getSnapshot().context.error).toBeNull();

    const other = start();
    other.loadAccount.last().reject(new Error('x'));
    await flush();
    other.actor.send({ type: 'CANCEL' });
    expect(other.actor.getSnapshot().value).toBe('closed');
    expect(other.actor.getSnapshot().status).toBe('done');
  });

  it('details: refused until every field is right, errors cleared as the field changes; cancel closes', async () => {
    const { actor, loadAccount } = start();
    loadAccount.last().resolve(ACCOUNT);
    await flush();
    actor.send({ type: 'DETAILS.SUBMIT' });
    expect(actor.getSnapshot().value).toBe('details');
    expect(actor.getSnapshot().context.detailErrors).toEqual({ card_no: 'required' });
    actor.send({ type: 'DETAILS.CHANGE', field: 'card_no', value: '12' });
    expect(actor.getSnapshot().context.detailErrors.card_no).toBeUndefined();
    actor.send({ type: 'DETAILS.SUBMIT' });
    expect(actor.getSnapshot().context.detailErrors).toEqual({ card_no: 'cardFormat' });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('closed');
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
    expect(actor.getSnapshot().context.details.card_no).toBe('6225 8801 2345 6789');
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

  it('submits once with the cleaned values and reports done', async () => {
    const { actor, submitCash, log } = await atAmount();
    actor.send({ type: 'AMOUNT.CHANGE', value: '20.5' });
    actor.send({ type: 'AMOUNT.SUBMIT' });
    actor.send({ type: 'CONFIRM' });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(submitCash.calls).toHaveLength(1);
    expect(submitCash.last().input).toEqual({ money: '20.50', name: '陈晓明', bank_name: '招商银行', card_no: '6225880123456789' });
    submitCash.last().resolve({ id: 9 });
    await flush();
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.result).toEqual({ id: 9 });
    expect(log.calls).toEqual([{ type: 'notifyDone', params: { result: { id: 9 } } }]);
  });

  it('a refusal goes back to the step of the field it names, else stays on confirm with the message', async () => {
    for (const [field, state] of [['card_no', 'details'], ['money', 'amount'], [undefined, 'confirm']] as const) {
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
