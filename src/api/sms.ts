import type { SmsName } from '../../machines/smsCode.machine';
import { request, type ApiResult, type RequestOptions } from './client';

/** POST /api/sms {phone, name}; the server guards resends (429 within 30 s). */
export function sendSms(phone: string, name: SmsName, options?: RequestOptions): Promise<ApiResult<unknown>> {
  return request(2, 'POST', '/sms', { phone, name }, options);
}
