import { describe, expect, it } from 'vitest';
import {
  NETWORK_ERROR_MSG, NOT_AN_ENVELOPE, THROTTLED_KEY, THROTTLED_MSG,
  isEnvelope, isHtmlDocument, readEnvelope, transportError,
} from '../../machines/envelope';

describe('readEnvelope: envelope codes (HTTP 200)', () => {
  it('code 200 returns the data only, even when it is false, 0 or an empty list', () => {
    expect(readEnvelope(200, { code: 200, msg: 'ok', data: { id: 1 } })).toEqual({ kind: 'ok', data: { id: 1 }, msg: 'ok' });
    expect(readEnvelope(200, { code: 200, msg: '', data: false })).toEqual({ kind: 'ok', data: false, msg: '' });
    expect(readEnvelope(200, { code: 200, msg: '', data: 0 })).toEqual({ kind: 'ok', data: 0, msg: '' });
    expect(readEnvelope(200, { code: 200, msg: '', data: [] })).toEqual({ kind: 'ok', data: [], msg: '' });
    expect(readEnvelope(200, { code: 200, msg: 'done' })).toEqual({ kind: 'ok', data: null, msg: 'done' });
  });

  it('401 is unauthorized with the server message', () => {
    expect(readEnvelope(200, { code: 401, msg: '请登录', data: [] })).toEqual({ kind: 'unauthorized', msg: '请登录' });
  });

  it('402 and 403 are forbidden', () => {
    expect(readEnvelope(200, { code: 402, msg: 'no', data: [] })).toEqual({ kind: 'forbidden', msg: 'no' });
    expect(readEnvelope(200, { code: 403, msg: '没有权限', data: [] })).toEqual({ kind: 'forbidden', msg: '没有权限' });
  });

  it('405 silently returns the data', () => {
    expect(readEnvelope(200, { code: 405, msg: 'not logged in', data: { cart: 0 } })).toEqual({ kind: 'silent', data: { cart: 0 } });
  });

  it('429 is throttled with the fixed message and its translation key', () => {
    expect(readEnvelope(200, { code: 429, msg: 'Too Many Attempts.', data: [] })).toEqual({
      kind: 'throttled', msg: THROTTLED_MSG, key: THROTTLED_KEY,
    });
    expect(THROTTLED_MSG).toBe('您请求太频繁了，请休息一会');
  });

  it.each([404, 409, 422, 500, 0])('code %i is a failure carrying code, msg and data', (code) => {
    expect(readEnvelope(200, { code, msg: `m${code}`, data: { field: 'x' } })).toEqual({ kind: 'fail', code, msg: `m${code}`, data: { field: 'x' } });
  });

  it('a string holding an HTML document is "html"; a body that is not an envelope is a failure', () => {
    expect(readEnvelope(200, '<!DOCTYPE html><html><body>app</body></html>')).toEqual({ kind: 'html' });
    expect(readEnvelope(200, '  <html lang="zh">')).toEqual({ kind: 'html' });
    expect(readEnvelope(200, 'plain text')).toEqual({ kind: 'fail', code: NOT_AN_ENVELOPE, msg: '', data: 'plain text' });
    expect(readEnvelope(200, null)).toEqual({ kind: 'fail', code: NOT_AN_ENVELOPE, msg: '', data: null });
    expect(readEnvelope(200, [1, 2])).toEqual({ kind: 'fail', code: NOT_AN_ENVELOPE, msg: '', data: [1, 2] });
    expect(readEnvelope(200, { code: '200', data: 1 })).toMatchObject({ kind: 'fail', code: NOT_AN_ENVELOPE });
    expect(readEnvelope(200, { code: 500, msg: 7, data: [] })).toEqual({ kind: 'fail', code: 500, msg: '', data: [] });
  });
});

describe('readEnvelope: HTTP status other than 200', () => {
  it('is a transport error with the spec message', () => {
    expect(readEnvelope(404, { code: 404, msg: 'no such api', data: [] }, 'Not Found')).toEqual({ kind: 'transport', status: 404, message: 'Not Found Pages 404.' });
    expect(readEnvelope(500, { code: 500, msg: 'db down', data: [] })).toEqual({ kind: 'transport', status: 500, message: '500 (Internal Server Error) db down' });
    expect(readEnvelope(413, { code: 413, msg: 'too large', data: [] }, 'Payload Too Large')).toEqual({ kind: 'transport', status: 413, message: 'Payload Too Large,error_code：413' });
    expect(readEnvelope(502, '<html>bad gateway</html>', 'Bad Gateway')).toEqual({ kind: 'transport', status: 502, message: 'Bad Gateway,error_code：502' });
  });

  it('an HTTP 401 (or a 401 envelope under any status) still ends the session', () => {
    expect(readEnvelope(401, { code: 401, msg: 'token expired', data: [] })).toEqual({ kind: 'unauthorized', msg: 'token expired' });
    expect(readEnvelope(401, 'Unauthorized')).toEqual({ kind: 'unauthorized', msg: '' });
    expect(readEnvelope(400, { code: 401, msg: 'bad token', data: [] })).toEqual({ kind: 'unauthorized', msg: 'bad token' });
  });
});

describe('transportError', () => {
  it('maps every transport case of spec §8', () => {
    expect(transportError(404, 'Not Found')).toEqual({ kind: 'transport', status: 404, message: 'Not Found Pages 404.' });
    expect(transportError(500, 'Internal Server Error', 'boom')).toEqual({ kind: 'transport', status: 500, message: '500 (Internal Server Error) boom' });
    expect(transportError(500)).toEqual({ kind: 'transport', status: 500, message: '500 (Internal Server Error) ' });
    expect(transportError(401, 'Unauthorized', '登录过期')).toEqual({ kind: 'transport', status: 401, message: '登录过期' });
    expect(transportError(401, 'Unauthorized')).toEqual({ kind: 'transport', status: 401, message: 'Unauthorized' });
    expect(transportError(503, 'Service Unavailable')).toEqual({ kind: 'transport', status: 503, message: 'Service Unavailable,error_code：503' });
    expect(transportError(418, '', 'teapot')).toEqual({ kind: 'transport', status: 418, message: 'teapot,error_code：418' });
    expect(transportError(418)).toEqual({ kind: 'transport', status: 418, message: 'Error,error_code：418' });
  });

  it('no response at all is the network message', () => {
    expect(transportError()).toEqual({ kind: 'transport', status: 0, message: NETWORK_ERROR_MSG });
    expect(transportError(0, '')).toEqual({ kind: 'transport', status: 0, message: '网络异常，请检查！' });
  });
});

describe('guards', () => {
  it('isEnvelope and isHtmlDocument', () => {
    expect(isEnvelope({ code: 200, msg: '', data: 1 })).toBe(true);
    expect(isEnvelope({ msg: '' })).toBe(false);
    expect(isEnvelope('x')).toBe(false);
    expect(isHtmlDocument('<!doctype html>')).toBe(true);
    expect(isHtmlDocument('<div>')).toBe(false);
    expect(isHtmlDocument({})).toBe(false);
  });
});
