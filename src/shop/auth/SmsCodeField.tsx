import { useMachine } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { fromPromise } from 'xstate';
import { PHONE_EMPTY, TOO_FREQUENT, smsCodeMachine, type SendSmsInput, type SmsName } from '../../../machines/smsCode.machine';
import { sendSms } from '../../api/sms';
import { t } from '../../app/i18n';
import { useLabActor } from '../../app/devRegistry';
import { getInspect } from '../../app/inspectHook';
import { unwrap } from '../../app/sessionActors';
import { Field } from '../../ui/Field';
import { useCommon } from '../layout/commonStore';
import { toast } from '../../ui/toast';

export function smsErrorText(error: string): string {
  if (error === PHONE_EMPTY) return t('sms.phoneEmpty');
  if (error === TOO_FREQUENT) return t('sms.manySend');
  return error || t('msg.fail');
}

const boundSmsMachine = smsCodeMachine.provide({
  actors: {
    sendSms: fromPromise<unknown, SendSmsInput>(async ({ input }) => unwrap(await sendSms(input.phone, input.name, { quiet: true }))),
  },
  actions: {
    notifySent: () => toast.success(t('sms.sendSuc')),
    notifyError: (_, { error }) => toast.error(smsErrorText(error)),
  },
});

/** SMS code input with its send button (reference §2.6): countdown on the button while cooling. */
export function SmsCodeField({ phone, template, value, onChange, error }: { phone: string; template: SmsName; value: string; onChange: (v: string) => void; error?: string }) {
  const intl = useIntl();
  const [snapshot, send, actorRef] = useMachine(boundSmsMachine, { input: {}, inspect: getInspect() });
  useLabActor(`smsCode.${template}`, actorRef);
  const testMode = useCommon().data?.common.sms_test_mode === true;
  const cooling = snapshot.matches('cooling');
  const sending = snapshot.matches('sending');
  return (
    <Field
      label={<FormattedMessage id="sms.code" />}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      value={value}
      error={error}
      hint={testMode ? <FormattedMessage id="sms.testMode" /> : undefined}
      onChange={(e) => onChange(e.target.value)}
      addon={
        <button
          type="button"
          aria-busy={sending || undefined}
          aria-label={cooling ? intl.formatMessage({ id: 'sms.resendIn' }, { n: snapshot.context.remaining }) : undefined}
          onClick={() => send({ type: 'SMS.SEND', phone, name: template })}
          className={`focus-ring w-32 shrink-0 rounded px-2 text-sm ${cooling || sending ? 'bg-slate-200 text-slate-700' : 'bg-brand text-white hover:bg-brand-dark'}`}
        >
          {cooling ? <FormattedMessage id="sms.seconds" values={{ n: snapshot.context.remaining }} /> : <FormattedMessage id="sms.sendCode" />}
        </button>
      }
    />
  );
}
