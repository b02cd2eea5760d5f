import { describe, expect, it } from 'vitest';
import { sign, verify } from 'hono/jwt';
import { signJwt, verifyJwt } from '../../server/http/jwt';

const SECRET = 'test-secret-for-jwt';
const now = Math.floor(Date.now() / 1000);
const claims = { sub: '7', area: 'admin', sid: 'abc', iat: now, exp: now + 60 };
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('HS256 tokens (server/http/jwt.ts)', () => {
  it('verifies what it signs and returns the claims', () => {
    expect(verifyJwt(signJwt(claims, SECRET), SECRET)).toEqual(claims);
  });

  it('speaks standard JWT: hono/jwt reads our tokens and we read its tokens', async () => {
    expect(await verify(signJwt(claims, SECRET), SECRET, 'HS256')).toEqual(claims);
    expect(verifyJwt(await sign(claims, SECRET, 'HS256'), SECRET)).toEqual(claims);
  });

  it('refuses another secret, a changed payload and a changed signature', () => {
    const token = signJwt(claims, SECRET);
    const [h, , s] = token.split('.');
    expect(verifyJwt(token, 'another-secret')).toBeNull();
    expect(verifyJwt(`${h}.${b64({ ...claims, sub: '1' })}.${s}`, SECRET)).toBeNull();
    expect(verifyJwt(`${token.slice(0, -2)}AA`, SECRET)).toBeNull();
  });

  it('refuses expired tokens, tokens from the future and tokens without exp', () => {
    expect(verifyJwt(signJwt({ ...claims, exp: now - 1 }, SECRET), SECRET)).toBeNull();
    expect(verifyJwt(signJwt({ ...claims, iat: now + 600 }, SECRET), SECRET)).toBeNull();
    expect(verifyJwt(signJwt({ ...claims, nbf: now + 600 }, SECRET), SECRET)).toBeNull();
    const { exp: _exp, ...noExp } = claims;
    expect(verifyJwt(signJwt(noExp, SECRET), SECRET)).toBeNull();
  });

  it('refuses alg none and other algorithms even with a valid-looking shape', () => {
    expect(verifyJwt(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`, SECRET)).toBeNull();
    const body = `${b64({ alg: 'HS512', typ: 'JWT' })}.${b64(claims)}`;
    const hs256OfBody = signJwt(claims, SECRET).split('.')[2];
    expect(verifyJwt(`${body}.${hs256OfBody}`, SECRET)).toBeNull();
  });

  it('refuses garbage without throwing', () => {
    for (const junk of ['', 'a', 'a.b', 'a.b.c.d', '..', '%%%.e30.x', `${b64('x')}.${b64([1])}.sig`]) {
      expect(verifyJwt(junk, SECRET)).toBeNull();
    }
  });
});
