/** Sends a verification code. The `dev` provider (no SMS keys configured) only logs it. */
export interface SmsProvider {
  readonly name: string;
  send(message: { phone: string; template: { name: string; code: string; content: string }; code: string }): Promise<void>;
}

export const devSmsProvider: SmsProvider = {
  name: 'dev',
  async send({ phone, template, code }) {
    console.log(`[sms:dev] test mode, no SMS sent: phone ${phone}, template ${template.name}, code ${code}`);
  },
};
