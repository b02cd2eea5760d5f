import { z } from 'zod';
import { formText } from '../../http/crud';
import { newPassword, refineNewPassword } from '../../http/password-policy';
import { ours } from './shared';

/** zod fields shared by the admin system forms (form-encoded: every value arrives as text). */

/** Login name: 2–max characters, no spaces or punctuation beyond _ - @ . */
export const usernameField = (max: number) =>
  formText({ min: 2, max }).refine((v) => /^[A-Za-z0-9_\-@.\u4e00-\u9fa5]+$/.test(v), ours('username'));

/** '' (no change / not given) or a password of 6–32 characters (not trimmed): the edit forms. */
export const passwordField = () =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : typeof v === 'number' ? String(v) : v),
    z.union([z.literal(''), z.string().min(6).max(32)]).superRefine((v, ctx) => {
      if (v !== '') refineNewPassword(v, ctx);
    }),
  );

/**
 * A password of 6–32 characters (not trimmed), required: creating an account (blank or absent:
 * "is required"). Both refuse blank and most common passwords (http/password-policy.ts).
 */
export const newPasswordField = () => z.preprocess((v) => (typeof v === 'number' ? String(v) : v), newPassword());

/** '' (no change / none) or 6 digits. */
export const payPasswordField = () =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : typeof v === 'number' ? String(v).padStart(6, '0') : v),
    z.string().refine((v) => v === '' || /^\d{6}$/.test(v), ours('payPassword')),
  );

/** '' or a mainland mobile number. */
export const phoneField = () => formText({ max: 15 }).refine((v) => v === '' || /^1[3-9]\d{9}$/.test(v), ours('phone'));

const isHttpUrl = (v: string) => {
  if (!/^https?:\/\//i.test(v)) return false;
  try {
    new URL(v);
    return true;
  } catch {
    return false;
  }
};

/** '' or a root-relative path (`/uploads/…`) or an http(s) URL, without spaces. */
export const pathOrUrlField = (max: number) =>
  formText({ max }).refine((v) => v === '' || (/^\/[^\s]*$/.test(v) && !v.startsWith('//')) || isHttpUrl(v), ours('pathOrUrl'));

/** '' or an http(s) URL. */
export const urlField = (max: number) => formText({ max }).refine((v) => v === '' || isHttpUrl(v), ours('url'));

export { isHttpUrl };
