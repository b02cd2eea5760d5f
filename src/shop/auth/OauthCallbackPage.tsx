import { useMachine } from '@xstate/react';
import { useMemo, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { oauthLoginMachine, type OauthExchange } from '../../../machines/oauthLogin.machine';
import { PHONE_PATTERN } from '../../../machines/storeApplication';
import { resultText } from '../../api/client';
import { bindByPhone, bindToMe, exchangeCode } from '../../api/oauth';
import { getInspect } from '../../app/inspectHook';
import { useSession } from '../../app/session';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { AuthCard, FormError } from './AuthCard';
import { SmsCodeField } from './SmsCodeField';
import { Avatar } from '../../ui/Avatar';

/** A failed call as the machine keeps it: the server's message and the field it names. */
const refusal = (result: Parameters<typeof resultText>[0]) => ({ msg: resultText(result), data: result.kind === 'fail' ? result.data : null });

/**
 * /oauth/callback/{weixin|weixinweb}?code&state — where WeChat sends the shopper back (the
 * oauthLogin machine): a known WeChat account is logged in; a first-time one is bound to the
 * signed-in shopper, or to the account of a phone proven by an SMS code (created when none has it,
 * without a password: the shopper sets one with 找回密码 if wanted).
 */
export default function OauthCallbackPage() {
  const intl = useIntl();
  const { name = '' } = useParams<{ name: string }>();
  const search = useSearch();
  const [, navigate] = useLocation();
  const session = useSession(2);
  const machine = useMemo(() => {
    const query = new URLSearchParams(search);
    return oauthLoginMachine.provide({
      actors: {
        exchange: fromPromise<OauthExchange>(async () => {
          const result = await exchangeCode(name, query.get('code') ?? '', query.get('state') ?? '');
          if (result.kind !== 'ok') throw refusal(result);
          const data = result.data;
          return 'bind' in data ? { kind: 'bind', ticket: data.ticket, nickname: data.nickname, avatar: data.avatar } : { kind: 'token', token: data.access_token };
        }),
        bind: fromPromise<string, { ticket: string; phone: string; code: string }>(async ({ input }) => {
          const result = await bindByPhone(input.ticket, input.phone, input.code);
          if (result.kind !== 'ok') throw refusal(result);
          return result.data.access_token;
        }),
        link: fromPromise<unknown, { ticket: string }>(async ({ input }) => {
          const result = await bindToMe(input.ticket);
          if (result.kind !== 'ok') throw refusal(result);
          return result.data;
        }),
      },
      actions: {
        deliverToken: (_, { token }) => session.send({ type: 'LOGIN.TOKEN', token }),
        notifyLinked: () => {
          toast.success(intl.formatMessage({ id: 'auth.wechat.linked' }));
          navigate('/user/oauth');
        },
      },
    });
    // one exchange per page: the code works once
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const [snapshot, send] = useMachine(machine, { input: { signedIn: session.loggedIn }, inspect: getInspect() });
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const { context } = snapshot;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = phone.trim();
    if (!PHONE_PATTERN.test(trimmed)) return setPhoneError(intl.formatMessage({ id: 'auth.rule.phone' }));
    setPhoneError(undefined);
    send({ type: 'BIND.SUBMIT', phone: trimmed, code: code.trim() });
  };

  const title = <FormattedMessage id={snapshot.matches('binding') || snapshot.matches('submitting') ? 'auth.wechat.bindTitle' : 'auth.wechat.title'} />;
  return (
    <AuthCard
      title={title}
      footer={
        <Link href="/login" className="focus-ring rounded text-brand hover:underline">
          <FormattedMessage id="auth.wechat.otherWays" />
        </Link>
      }
    >
      {(snapshot.matches('exchanging') || snapshot.matches('linking') || snapshot.matches('loggedIn') || snapshot.matches('linked')) && (
        <p className="flex items-center gap-2 text-sm text-slate-700" role="status">
          <Spinner />
          <FormattedMessage id="auth.wechat.working" />
        </p>
      )}
      {snapshot.matches('failed') && (
        <div className="flex flex-col gap-4">
          <FormError message={context.error || intl.formatMessage({ id: 'msg.fail' })} />
          <a href="/login" className="focus-ring rounded text-sm text-brand hover:underline">
            <FormattedMessage id="auth.wechat.again" />
          </a>
        </div>
      )}
      {(snapshot.matches('binding') || snapshot.matches('submitting')) && (
        <form noValidate onSubmit={submit} className="flex flex-col gap-4" data-testid="wechat-bind">
          <div className="flex items-center gap-3 rounded bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
            {context.avatar && (
              <Avatar
                src={context.avatar}
                name={context.nickname}
                className="h-8 w-8 rounded-full"
                fallbackClassName="flex h-8 w-8 items-center justify-center rounded-full bg-emerald-200 font-semibold"
              />
            )}
            <span>
              <FormattedMessage id="auth.wechat.hello" values={{ name: context.nickname || intl.formatMessage({ id: 'auth.wechat.friend' }) }} />
            </span>
          </div>
          <p className="text-sm text-slate-700">
            <FormattedMessage id="auth.wechat.bindIntro" />
          </p>
          <Field
            label={<FormattedMessage id="auth.field.phone" />}
            name="phone"
            type="tel"
            autoComplete="tel"
            maxLength={11}
            value={phone}
            error={phoneError ?? (context.field === 'phone' ? (context.error ?? undefined) : undefined)}
            onChange={(e) => setPhone(e.target.value)}
          />
          <SmsCodeField
            phone={phone}
            template="login"
            value={code}
            error={context.field === 'code' ? (context.error ?? undefined) : undefined}
            onChange={setCode}
            onPhoneError={setPhoneError}
          />
          <FormError message={context.error && context.field !== 'phone' && context.field !== 'code' ? context.error : null} />
          <Button type="submit" block loading={snapshot.matches('submitting') || session.busy}>
            <FormattedMessage id="auth.wechat.bindSubmit" />
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
