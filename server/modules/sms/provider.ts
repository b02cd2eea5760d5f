/** Sends a verification code. The `dev` provider (no SMS keys configured) only logs it. */
export interface SmsProvider {
  readonly name: string;
  send(message: { phone: string; template: { name: string; code: string; content: string }; code: string }): Promise<void>;
}

/** The provider in use. Only the dev provider exists so far: the site runs in SMS test mode. */
export const devSmsProvider: SmsProvider = {
  name: 'dev',
  async send({ phone, template, code }) {
    console.log(`[sms:dev] test mode, no SMS sent: phone ${phone}, template ${template.name}, code ${code}`);
  },
};

export const activeSmsProvider: SmsProvider = devSmsProvider;
export const smsTestMode = () => activeSmsProvider.name === 'dev';
