import { describe, expect, it } from 'vitest';
import { oauthLoginMachine, type OauthExchange } from '../../machines/oauthLogin.machine';
import { createTestActor } from './coverage';
import { flush, manualActor, recordActions } from './fakes';

function start(signedIn = false) {
  const log = recordActions(['deliverToken', 'notifyLinked']);
  const exchange = manualActor<OauthExchange, unknown>();
  const bind = manualActor<string, { ticket: string; phone: string; code: string }>();
  const link = manualActor<unknown, { ticket: string }>();
  const actor = createTestActor(oauthLoginMachine.provide({ actions: log.actions, actors: { exchange: exchange.logic, bind: bind.logic, link: link.logic } }), { input: { signedIn } });
  actor.start();
  return { actor, log, exchange, bind, link };
}

const TICKET: OauthExchange = { kind: 'bind', ticket: 't.sig', nickname: '微信小明', avatar: 'https://x/a.png' };

describe('oauthLogin machine', () => {
  it('a known WeChat account: the exchange answers a token, which is delivered to the session', async () => {
    const { actor, exchange, log } = start();
    expect(actor.getSnapshot().value).toBe('exchanging');
    exchange.last().resolve({ kind: 'token', token: 'ACCESS' });
    await flush();
    expect(actor.getSnapshot().value).toBe('loggedIn');
    expect(log.paramsOf('deliverToken')).toEqual([{ token: 'ACCESS' }]);
  });

  it('a first-time identity binds by phone and code; a refusal stays on the form with its field, a retry logs in', async () => {
    const { actor, exchange, bind, log } = start();
    exchange.last().resolve(TICKET);
    await flush();
    expect(actor.getSnapshot().value).toBe('binding');
    expect(actor.getSnapshot().context).toMatchObject({ ticket: 't.sig', nickname: '微信小明' });
    actor.send({ type: 'BIND.SUBMIT', phone: '13800000000', code: '000000' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(bind.last().input).toEqual({ ticket: 't.sig', phone: '13800000000', code: '000000' });
    bind.last().reject({ msg: '验证码错误或已过期。', data: { field: 'code' } });
    await flush();
    expect(actor.getSnapshot().value).toBe('binding');
    expect(actor.getSnapshot().context).toMatchObject({ error: '验证码错误或已过期。', field: 'code' });
    actor.send({ type: 'BIND.SUBMIT', phone: '13800000000', code: '123456' });
    expect(actor.getSnapshot().context.error).toBeNull();
    bind.last().resolve('TOKEN2');
    await flush();
    expect(actor.getSnapshot().value).toBe('loggedIn');
    expect(log.paramsOf('deliverToken')).toEqual([{ token: 'TOKEN2' }]);
  });

  it('signed in already: the identity is linked to the account; a refused link fails with the message', async () => {
    const ok = start(true);
    ok.exchange.last().resolve(TICKET);
    await flush();
    expect(ok.actor.getSnapshot().value).toBe('linking');
    expect(ok.link.last().input).toEqual({ ticket: 't.sig' });
    ok.link.last().resolve([]);
    await flush();
    expect(ok.actor.getSnapshot().value).toBe('linked');
    expect(ok.log.types()).toEqual(['notifyLinked']);

    const refused = start(true);
    refused.exchange.last().resolve(TICKET);
    await flush();
    refused.link.last().reject({ msg: '该微信已绑定其他账号。' });
    await flush();
    expect(refused.actor.getSnapshot()).toMatchObject({ value: 'failed', context: { error: '该微信已绑定其他账号。' } });
  });

  it('a refused exchange (expired state or code) ends on failed with the message', async () => {
    const { actor, exchange, log } = start();
    exchange.last().reject({ msg: '登录请求已失效，请重新发起微信登录。' });
    await flush();
    expect(actor.getSnapshot()).toMatchObject({ value: 'failed', context: { error: '登录请求已失效，请重新发起微信登录。' } });
    expect(log.calls).toEqual([]);
  });
});
