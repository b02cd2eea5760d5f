import { z } from 'zod';
import { fields } from '../../http/input';

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const code = z.string().trim().regex(/^\d{6}$/);

/**
 * PUT /api/user/password: the new password twice, proved by an `edit_user` code sent to the
 * account's phone (`code`), or by the current password (`old_password`) when it has no phone.
 */
export const passwordSchema = z
  .object({
    password: fields.password(),
    re_password: z.string().max(64),
    code: z.preprocess(emptyToUndefined, code.optional()),
    old_password: z.preprocess(emptyToUndefined, z.string().max(64).optional()),
  })
  .refine((v) => v.password === v.re_password, { path: ['re_password'], params: { key: 'passwordsDiffer' } });

/** PUT /api/user/phone: the new phone with its own code (`new_code`, template new_phone) and the current phone's (`code`, edit_user). */
export const phoneSchema = z.object({
  phone: fields.phone(),
  new_code: code,
  code: z.preprocess(emptyToUndefined, code.optional()),
});
