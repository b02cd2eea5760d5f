import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { fail, ok } from '../../http/envelope';
import { fields, parseInput } from '../../http/input';

/**
 * `POST /api/captcha` (reference §3.2): the admin login's slider captcha. The reference's clients
 * send `username` and `step` (the slider position) once the slider is done and pass the returned
 * `sign` to `/api/login`. The reference never checks the position (its §8 S9), so neither do we;
 * the sign is an HMAC of the username under the server's secret, valid for SIGN_TTL_MS, which
 * the login checks when a client sends one. Our own SPA logs in without it.
 */
export const SIGN_TTL_MS = 10 * 60 * 1000;

const captchaSchema = z.object({
  username: fields.text(1, 30),
  step: z.union([z.string().max(20), z.number()]).optional(),
});

const mac = (secret: string, username: string, expires: number) =>
  createHmac('sha256', secret).update(`captcha\n${username.toLowerCase()}\n${expires}`).digest('base64url');

export function signCaptcha(secret: string, username: string, now = Date.now()): string {
  const expires = now + SIGN_TTL_MS;
  return `${expires}.${mac(secret, username, expires)}`;
}

export function verifyCaptchaSign(secret: string, username: string, sign: string, now = Date.now()): boolean {
  const [expiresText, given] = sign.split('.');
  const expires = Number(expiresText);
  if (!Number.isSafeInteger(expires) || expires < now || !given) return false;
  const expected = Buffer.from(mac(secret, username, expires));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A login that carries a `sign` must carry a valid one for its username. */
export function assertCaptchaSign(secret: string, username: string, sign: string | undefined): void {
  if (sign !== undefined && !verifyCaptchaSign(secret, username, sign)) throw fail('fieldInvalid', { field: 'sign' }, 422, { field: 'sign' });
}

export function mountCaptcha(api: Hono<AppEnv>) {
  api.post('/captcha', async (c) => {
    const { username } = await parseInput(c, captchaSchema);
    return ok(c, signCaptcha(c.get('services').config.jwtSecret, username));
  });
}
