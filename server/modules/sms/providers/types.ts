/**
 * What an SMS provider does for Souk: deliver one verification code. `dev` (test mode) only logs
 * it; `aliyun` and `tencent` wrap the official SDKs. A provider that refuses throws SmsRefusal
 * with its own code, which the service writes to sms_logs and turns into a message for the shopper.
 */
export type SmsProviderName = 'dev' | 'aliyun' | 'tencent';

export interface SmsMessage {
  phone: string;
  /** Our template key (register, forget_password, …). */
  name: string;
  /** The provider's template code (Aliyun SMS_…, Tencent template id), from the `sms` table. */
  templateCode: string;
  /** The signature name registered with the provider. */
  sign: string;
  code: string;
}

/**
 * Why a provider did not send: `throttled` (its flow control for this phone), `phone` (a number
 * it will not send to), `rejected` (our keys, signature or template are wrong: the operator must
 * act), `unreachable` (timeout, network, an answer we cannot read).
 */
export type SmsRefusalKind = 'throttled' | 'phone' | 'rejected' | 'unreachable';

/** Reads a provider's refusal code as a kind: its flow-control codes, its codes for numbers it will not send to, else `rejected`. */
export const refusalKinds =
  (throttled: RegExp, phone: RegExp) =>
  (code: string): SmsRefusalKind =>
    throttled.test(code) ? 'throttled' : phone.test(code) ? 'phone' : 'rejected';

export class SmsRefusal extends Error {
  constructor(
    readonly kind: SmsRefusalKind,
    /** The provider's own code (isv.BUSINESS_LIMIT_CONTROL, LimitExceeded.PhoneNumberDailyLimit, timeout …). */
    readonly providerCode: string,
    message: string,
  ) {
    super(message);
  }
}

export interface SmsProvider {
  readonly name: SmsProviderName;
  /** True for the dev provider: nothing leaves the server. */
  readonly testMode: boolean;
  /** Resolves when the provider accepted the message; throws SmsRefusal otherwise. */
  send(message: SmsMessage): Promise<void>;
}

/** How long a provider may take to answer before the send counts as failed. */
export const SMS_TIMEOUT_MS = 5000;
