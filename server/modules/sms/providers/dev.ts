import type { SmsProvider } from './types';

/** Test mode (no SMS keys configured): the code goes to the server log and sms_logs only. */
export const devSmsProvider: SmsProvider = {
  name: 'dev',
  testMode: true,
  async send({ phone, name, code }) {
    console.log(`[sms:dev] test mode, no SMS sent: phone ${phone}, template ${name}, code ${code}`);
  },
};
