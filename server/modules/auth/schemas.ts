import { z } from 'zod';
import { fields } from '../../http/input';

const provider = z.enum(['admins', 'users']);
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const loginSchema = z.object({
  username: fields.text(1, 30),
  password: z.string().min(1).max(64),
  provider: provider.default('users'),
  area: z.preprocess(emptyToUndefined, z.enum(['admin', 'seller', 'user']).optional()),
  /** The reference clients' admin captcha sign (captcha.ts); optional. */
  sign: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
});

const code = z.string().trim().regex(/^\d{6}$/);
const samePasswords = (v: { password: string; re_password: string }) => v.password === v.re_password;
const differ = { path: ['re_password'], params: { key: 'passwordsDiffer' } };

export const registerSchema = z
  .object({
    username: fields.phone(),
    password: fields.password(),
    re_password: z.string().max(64),
    code,
    type: z.literal('phone').default('phone'),
    inviter_id: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(2_147_483_647).optional()),
  })
  .refine(samePasswords, differ);

export const forgetPasswordSchema = z
  .object({
    username: fields.phone(),
    password: fields.password(),
    re_password: z.string().max(64),
    code,
    type: z.literal('phone').default('phone'),
  })
  .refine(samePasswords, differ);

export const providerSchema = z.object({ provider: z.preprocess(emptyToUndefined, provider.optional()) });

export const refreshSchema = z.object({ refresh_token: z.string().trim().min(1).max(200) });

/** Root-relative path of an uploaded file, or an http(s) URL (third-party avatars). */
const avatar = z
  .string()
  .trim()
  .max(150)
  .regex(/^(|\/(?!\/)[\w\-./]*|https?:\/\/[\w\-.:]+(\/[\w\-./%?=&]*)?)$/)
  .refine((v) => !v.includes('..'));

/**
 * auth/edit writes these (nickname, avatar, password; a `users` account's sex and birthday) and
 * nothing else (reference S1). A new password needs the
 * current one (`old_password`) or, for a `users` account with a phone, an SMS code of the
 * `edit_user` template (`code`).
 */
export const editSchema = z.object({
  provider: z.preprocess(emptyToUndefined, provider.optional()),
  nickname: fields.text(1, 15),
  password: z.union([z.literal(''), fields.password()]).default(''),
  avatar: avatar.optional(),
  old_password: z.preprocess(emptyToUndefined, z.string().max(64).optional()),
  code: z.preprocess(emptyToUndefined, code.optional()),
  /** `users` only (user centre /user/info): 1 male, 0 female, 2 not said. */
  sex: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(2).optional()),
  /** `users` only: 'YYYY-MM-DD', a real day from 1900 to today; '' clears it. */
  birthday: z
    .string()
    .trim()
    .refine((v) => v === '' || realPastDay(v), { params: { key: 'fieldInvalid' } })
    .optional(),
});

/** A real calendar day 'YYYY-MM-DD' between 1900-01-01 and today (UTC+14, the earliest today anywhere). */
function realPastDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== text) return false;
  return text >= '1900-01-01' && day.getTime() <= Date.now() + 14 * 3600_000;
}
