/**
 * The SMS code button (reference §2.6, spec §5): refuse an empty phone or one that cannot be a
 * mainland mobile number (nothing is sent), send once, then a
 * 60 s cooldown during which sending again is refused as too frequent. Counts with a delayed
 * transition; TICK counts one second too.
 */
import { assign, fromPromise, setup } from 'xstate';
import { errorMessage, isThrottled } from './errors';
import { PHONE_PATTERN } from './storeApplication';

export type SmsName = 'register' | 'forget_password' | 'edit_user' | 'pay_password' | 'new_phone' | 'login';

export interface SmsCodeInput { cooldown?: number }
export interface SmsCodeContext {
  phone: string;
  name: SmsName | null;
  /** Seconds left before another code may be sent. */
  remaining: number;
  cooldown: number;
  /** 'phoneEmpty' | 'phoneInvalid' | 'tooFrequent' | a server message. */
  error: string | null;
}
export type SmsCodeEvent =
  | { type: 'SMS.SEND'; phone: string; name: SmsName }
  | { type: 'TICK' };

export interface SendSmsInput { phone: string; name: SmsName }
export interface SmsCodeActionParams {
  notifySent: { phone: string };
  /** `field`: the field a server refusal names (`data.field`), if any. */
  notifyError: { error: string; field?: string };
}

export const SMS_COOLDOWN_SECONDS = 60;
export const PHONE_EMPTY = 'phoneEmpty';
export const PHONE_INVALID = 'phoneInvalid';
export const TOO_FREQUENT = 'tooFrequent';

/**
 * The field a refusal names (`data.field`, as the server sends it), or undefined. Kept here, not
 * in ./errors (which the storefront's entry chunk holds), so it costs the entry nothing.
 */
function errorField(error: unknown): string | undefined {
  const data = error && typeof error === 'object' ? (error as { data?: unknown }).data : undefined;
  const field = data && typeof data === 'object' ? (data as { field?: unknown }).field : undefined;
  return typeof field === 'string' && field ? field : undefined;
}

export const smsCodeMachine = setup({
  types: {
    input: {} as SmsCodeInput,
    context: {} as SmsCodeContext,
    events: {} as SmsCodeEvent,
  },
  actors: {
    sendSms: fromPromise<unknown, SendSmsInput>(() =>
      Promise.reject(new Error('smsCode: actor "sendSms" is not provided')),
    ),
  },
  actions: {
    notifySent: (_, _params: SmsCodeActionParams['notifySent']) => {},
    notifyError: (_, _params: SmsCodeActionParams['notifyError']) => {},
  },
  guards: {
    phoneEmpty: ({ event }) => event.type === 'SMS.SEND' && !(event.phone ?? '').trim(),
    phoneInvalid: ({ event }) => event.type === 'SMS.SEND' && !PHONE_PATTERN.test((event.phone ?? '').trim()),
    lastSecond: ({ context }) => context.remaining <= 1,
    serverThrottled: (_, params: { error: unknown }) => isThrottled(params.error),
  },
  delays: { tick: 1000 },
}).createMachine({
  id: 'smsCode',
  context: ({ input }) => ({
    phone: '',
    name: null,
    remaining: 0,
    cooldown: input?.cooldown ?? SMS_COOLDOWN_SECONDS,
    error: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'SMS.SEND': [
          {
            guard: 'phoneEmpty',
            actions: [assign({ error: PHONE_EMPTY }), { type: 'notifyError', params: { error: PHONE_EMPTY } }],
          },
          {
            guard: 'phoneInvalid',
            actions: [assign({ error: PHONE_INVALID }), { type: 'notifyError', params: { error: PHONE_INVALID } }],
          },
          {
            target: 'sending',
            actions: assign({ phone: ({ event }) => event.phone.trim(), name: ({ event }) => event.name, error: null }),
          },
        ],
      },
    },
    sending: {
      invoke: {
        id: 'sendSms',
        src: 'sendSms',
        input: ({ context }) => ({ phone: context.phone, name: context.name ?? 'register' }),
        onDone: {
          target: 'cooling',
          actions: [
            assign({ remaining: ({ context }) => context.cooldown }),
            { type: 'notifySent', params: ({ context }) => ({ phone: context.phone }) },
          ],
        },
        onError: [
          {
            guard: { type: 'serverThrottled', params: ({ event }) => ({ error: event.error }) },
            target: 'idle',
            actions: [assign({ error: TOO_FREQUENT }), { type: 'notifyError', params: { error: TOO_FREQUENT } }],
          },
          {
            target: 'idle',
            actions: [
              assign({ error: ({ event }) => errorMessage(event.error) }),
              { type: 'notifyError', params: ({ event }) => ({ error: errorMessage(event.error), field: errorField(event.error) }) },
            ],
          },
        ],
      },
    },
    cooling: {
      after: {
        tick: [
          { guard: 'lastSecond', target: 'idle', actions: assign({ remaining: 0 }) },
          { target: 'cooling', reenter: true, actions: assign({ remaining: ({ context }) => context.remaining - 1 }) },
        ],
      },
      on: {
        TICK: [
          { guard: 'lastSecond', target: 'idle', actions: assign({ remaining: 0 }) },
          { target: 'cooling', reenter: true, actions: assign({ remaining: ({ context }) => context.remaining - 1 }) },
        ],
        'SMS.SEND': {
          actions: [assign({ error: TOO_FREQUENT }), { type: 'notifyError', params: { error: TOO_FREQUENT } }],
        },
      },
    },
  },
});
