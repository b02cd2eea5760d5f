import { DrizzleQueryError } from 'drizzle-orm/errors';
import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerError, loggableError } from '../../../server/http/errors';

/**
 * The last word on a thrown error: a query error's text and parameters (the client's values)
 * never reach the log, and a value the database refuses as data (SQLSTATE class 22) is the
 * client's bad input, a 422.
 */
const SECRET = 'a\u0000b-secret-value';
const queryError = (code: string, message: string) =>
  new DrizzleQueryError('select "id" from "goods" where "name" like $1', [`%${SECRET}%`], Object.assign(new Error(message), { code, detail: `Key (name)=(${SECRET})` }));

function appThrowing(err: Error) {
  const app = new Hono();
  app.onError(answerError);
  app.get('/boom', () => {
    throw err;
  });
  return app;
}

const logged: string[] = [];
const spy = () => {
  logged.length = 0;
  for (const level of ['error', 'warn'] as const) vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
};
afterEach(() => vi.restoreAllMocks());

describe('answerError', () => {
  it('a data exception (class 22, e.g. a NUL in text) is a 422 naming the input; the log line has the route and code only', async () => {
    spy();
    const res = await appThrowing(queryError('22021', 'invalid byte sequence for encoding "UTF8": 0x00')).request('/boom?lang=en');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: 422, msg: 'The field input is invalid.', data: { field: 'input' } });
    expect(logged).toEqual(['[souk] input refused by the database GET /boom 22021']);
  });

  it('any other failure is code 500, logged with message, SQLSTATE and stack but never the query or its values', async () => {
    spy();
    const res = await appThrowing(queryError('42P01', 'relation "goods" does not exist')).request('/boom');
    expect(await res.json()).toMatchObject({ code: 500, data: [] });
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('query failed (text and parameters withheld): relation "goods" does not exist (42P01)');
    expect(logged[0]).toMatch(/\n\s+at /);
    expect(logged[0]).not.toContain('select');
    expect(logged[0]).not.toContain('secret-value');
  });

  it('a plain error keeps its name and message', () => {
    expect(loggableError(new TypeError('x is not a function')).split('\n')[0]).toBe('TypeError: x is not a function');
  });
});
