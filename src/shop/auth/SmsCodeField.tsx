import { useMachine } from '@xstate/react';
import { useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { fromPromise } from 'xstate';
import { PHONE_EMPTY, PHONE_INVALID, TOO_FREQUENT, smsCodeMachine, type SendSmsInput, type SmsName } from '../../../machines/smsCode.machine';
import { sendSms } from '../../api/sms';
import { t } from '../../app/i18n';
import { useLabActor } from '../../app/devRegistry';
import { getInspect } from '../../app/inspectHook';
import { unwrap } from '../../app/sessionActors';
import { Field } from '../../ui/Field';
import { useCommon } from '../layout/commonStore';
import { toast } from '../../ui/toast';
import { fieldRefusal } from './fieldErrors';

export function smsErrorText(error: string): string {
  if (error === PHONE_EMPTY) return t('sms.phoneEmpty');
  if (error === PHONE_INVALID) return t('auth.rule.phone');
  if (error === TOO_FREQUENT) return t('sms.manySend');
  return error || t('msg.fail');
}

/**
 * The SMS code button's machine bound to the API. A refusal naming a field of the form is handed
 * to the machine in the form's words (`data.field` kept); with `phoneError` (a form around the
 * field), a problem of the phone (empty, not a number, already registered, unknown) is said
 * under the phone field, anything else in a toast.
 */
function boundSmsMachine(phoneError: { current?: (message: string) => void }) {
  return smsCodeMachine.provide({
    actors: {
      sendSms: fromPromise<unknown, SendSmsInput>(async ({ input }) => {
        const result = await sendSms(input.phone, input.name, { quiet: true });
        const refusal = fieldRefusal(result, t);
        if (refusal) throw { msg: refusal.message, data: { field: refusal.field } };
        return unwrap(result);
      }),
    },
    actions: {
      notifySent: () => toast.success(t('sms.sendSuc')),
      notifyError: (_, { error, field }) => {
        const ofPhone = error === PHONE_EMPTY || error === PHONE_INVALID || field === 'username';
        if (ofPhone && phoneError.current) phoneError.current(smsErrorText(error));
        else toast.error(smsErrorText(error));
      },
    },
  });
}

/** SMS code input with its send button (reference §2.6): countdown on the button while cooling. */
export function SmsCodeField({
  phone,
  template,
  value,
  onChange,
  error,
  onPhoneError,
  label,
}: {
  phone: string;
  template: SmsName;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  /** Say a problem of the phone under the phone field (else in a toast). */
  onPhoneError?: (message: string) => void;
  /** The field's caption when a form has two codes (default 验证码). */
  label?: ReactNode;
}) {
  const intl = useIntl();
  const phoneError = useRef(onPhoneError);
  phoneError.current = onPhoneError;
  const [machine] = useState(() => boundSmsMachine(phoneError));
  const [snapshot, send, actorRef] = useMachine(machine, { input: {}, inspect: getInspect() });
  const sendCode = () => send({ type: 'SMS.SEND', phone, name: template });
  useLabActor(`smsCode.${template}`, actorRef);
  const testMode = useCommon().data?.common.sms_test_mode === true;
  const cooling = snapshot.matches('cooling');
  const sending = snapshot.matches('sending');
  return (
    <Field
      label={label ?? <FormattedMessage id="sms.code" />}
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
          onClick={sendCode}
          className={`focus-ring w-32 shrink-0 rounded px-2 text-sm ${cooling || sending ? 'bg-slate-200 text-slate-700' : 'bg-brand text-white hover:bg-brand-dark'}`}
        >
          {cooling ? <FormattedMessage id="sms.seconds" values={{ n: snapshot.context.remaining }} /> : <FormattedMessage id="sms.sendCode" />}
        </button>
      }
    />
  );
}
