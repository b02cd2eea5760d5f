import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SMS_COOLDOWN_SECONDS, smsCodeMachine, type SendSmsInput } from '../../machines/smsCode.machine';
import { createTestActor } from './coverage';
import { flush, manualActor, recordActions } from './fakes';

function setupSms(input: { cooldown?: number } = {}) {
  const log = recordActions(['notifySent', 'notifyError']);
  const sendSms = manualActor<unknown, SendSmsInput>();
  const actor = createTestActor(smsCodeMachine.provide({ actions: log.actions, actors: { sendSms: sendSms.logic } }), { input });
  actor.start();
  return { actor, log, sendSms };
}

describe('smsCode', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('refuses an empty or blank phone without calling the server', () => {
    const { actor, log, sendSms } = setupSms();
    actor.send({ type: 'SMS.SEND', phone: '  ', name: 'register' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toBe('phoneEmpty');
    expect(log.calls).toEqual([{ type: 'notifyError', params: { error: 'phoneEmpty' } }]);
    expect(sendSms.calls).toHaveLength(0);
  });

  it('refuses a phone that cannot be a mobile number without calling the server', () => {
    const { actor, log, sendSms } = setupSms();
    actor.send({ type: 'SMS.SEND', phone: ' 1380000 ', name: 'register' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toBe('phoneInvalid');
    expect(log.calls).toEqual([{ type: 'notifyError', params: { error: 'phoneInvalid' } }]);
    expect(sendSms.calls).toHaveLength(0);
    // a real number is sent (and clears the error)
    actor.send({ type: 'SMS.SEND', phone: '13800000000', name: 'register' });
    expect(actor.getSnapshot().value).toBe('sending');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('sends, then cools down 60 s during which a resend is refused as too frequent', async () => {
    const { actor, log, sendSms } = setupSms();
    expect(SMS_COOLDOWN_SECONDS).toBe(60);
    actor.send({ type: 'SMS.SEND', phone: ' 13800000000 ', name: 'forget_password' });
    expect(actor.getSnapshot().value).toBe('sending');
    expect(sendSms.last().input).toEqual({ phone: '13800000000', name: 'forget_password' });
    actor.send({ type: 'SMS.SEND', phone: '13800000000', name: 'forget_password' });
    expect(sendSms.calls).toHaveLength(1); // ignored while sending

    sendSms.last().resolve(null);
    await flush();
    expect(actor.getSnapshot().value).toBe('cooling');
    expect(actor.getSnapshot().context.remaining).toBe(60);
    expect(log.calls).toEqual([{ type: 'notifySent', params: { phone: '13800000000' } }]);

    vi.advanceTimersByTime(1000);
    expect(actor.getSnapshot().context.remaining).toBe(59);
    actor.send({ type: 'SMS.SEND', phone: '13800000000', name: 'forget_password' });
    expect(actor.getSnapshot().value).toBe('cooling');
    expect(actor.getSnapshot().context.error).toBe('tooFrequent');
    expect(log.paramsOf('notifyError')).toEqual([{ error: 'tooFrequent' }]);
    expect(sendSms.calls).toHaveLength(1);

    vi.advanceTimersByTime(58_000);
    expect(actor.getSnapshot().context.remaining).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.remaining).toBe(0);

    actor.send({ type: 'SMS.SEND', phone: '13800000000', name: 'forget_password' });
    expect(actor.getSnapshot().value).toBe('sending');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('sends a pay_password code (user centre /user/safe) to the account phone, then cools down', async () => {
    const { actor, log, sendSms } = setupSms();
    actor.send({ type: 'SMS.SEND', phone: '13800000000', name: 'pay_password' });
    expect(actor.getSnapshot().value).toBe('sending');
    expect(sendSms.last().input).toEqual({ phone: '13800000000', name: 'pay_password' });
    sendSms.last().resolve(null);
    await flush();
    expect(actor.getSnapshot().value).toBe('cooling');
    expect(actor.getSnapshot().context.name).toBe('pay_password');
    expect(log.calls).toEqual([{ type: 'notifySent', params: { phone: '13800000000' } }]);
  });

  it('TICK counts the cooldown down too', async () => {
    const { actor, sendSms } = setupSms({ cooldown: 2 });
    actor.send({ type: 'SMS.SEND', phone: '13800000000', name: 'register' });
    sendSms.last().resolve(null);
    await flush();
    expect(actor.getSnapshot().context.remaining).toBe(2);
    actor.send({ type: 'TICK' });
    expect(actor.getSnapshot()).toMatchObject({ value: 'cooling', context: { remaining: 1 } });
    actor.send({ type: 'TICK' });
    expect(actor.getSnapshot()).toMatchObject({ value: 'idle', context: { remaining: 0 } });
  });

  it('a throttled answer (429) is "tooFrequent"', async () => {
    const { actor, log, sendSms } = setupSms();
    actor.send({ type: 'SMS.SEND', phone: '13800000000', name: 'register' });
    sendSms.last().reject({ kind: 'throttled', msg: '您请求太频繁了，请休息一会' });
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toBe('tooFrequent');
    expect(log.calls).toEqual([{ type: 'notifyError', params: { error: 'tooFrequent' } }]);
  });

  it('another failure keeps the server message', async () => {
    const { actor, log, sendSms } = setupSms();
    actor.send({ type: 'SMS.SEND', phone: '13800000000', name: 'edit_user' });
    sendSms.last().reject(new Error('手机号格式不正确'));
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toBe('手机号格式不正确');
    expect(log.calls).toEqual([{ type: 'notifyError', params: { error: '手机号格式不正确' } }]);
  });

  it('a refusal naming a field hands the field to notifyError', async () => {
    const { actor, log, sendSms } = setupSms();
    actor.send({ type: 'SMS.SEND', phone: '13800000000', name: 'register' });
    sendSms.last().reject({ kind: 'fail', msg: '该手机号已注册。', data: { field: 'username' } });
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toBe('该手机号已注册。');
    expect(log.calls).toEqual([{ type: 'notifyError', params: { error: '该手机号已注册。', field: 'username' } }]);
  });
});
