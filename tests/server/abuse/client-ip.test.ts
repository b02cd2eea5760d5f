import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, proxyCount } from '../../../server/config';
import { forwardedClient } from '../../../server/http/client-ip';
import { openTestServer, type TestServer } from '../helpers';

describe('forwardedClient (the hop the trusted proxies appended)', () => {
  it('takes the rightmost hop behind one proxy, ignoring what the client wrote', () => {
    expect(forwardedClient('6.6.6.6, 198.51.100.7', 1)).toBe('198.51.100.7');
    expect(forwardedClient('198.51.100.7', 1)).toBe('198.51.100.7');
  });
  it('counts n proxies from the right', () => {
    expect(forwardedClient('6.6.6.6, 198.51.100.7, 10.0.0.2', 2)).toBe('198.51.100.7');
    expect(forwardedClient('1.1.1.1,2.2.2.2,3.3.3.3,4.4.4.4', 3)).toBe('2.2.2.2');
    // fewer hops than proxies: the leftmost one there is
    expect(forwardedClient('198.51.100.7', 3)).toBe('198.51.100.7');
  });
  it('trusts nothing without proxies or without the header', () => {
    expect(forwardedClient('6.6.6.6', 0)).toBeNull();
    expect(forwardedClient(undefined, 1)).toBeNull();
    expect(forwardedClient(' , ', 1)).toBeNull();
  });
});

describe('TRUST_PROXY', () => {
  it('reads a number of proxies; 1 and true mean one, unset/0/false none', () => {
    expect(proxyCount(undefined)).toBe(0);
    expect(proxyCount('')).toBe(0);
    expect(proxyCount('0')).toBe(0);
    expect(proxyCount('false')).toBe(0);
    expect(proxyCount('1')).toBe(1);
    expect(proxyCount('true')).toBe(1);
    expect(proxyCount('2')).toBe(2);
    expect(() => proxyCount('yes')).toThrow(/TRUST_PROXY/);
    expect(() => proxyCount('-1')).toThrow(/TRUST_PROXY/);
    const dir = mkdtempSync(join(tmpdir(), 'souk-ip-'));
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '2', JWT_SECRET: 'x' }).trustProxy).toBe(2);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('client IP on a request', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await openTestServer();
  });
  afterAll(() => s.close());

  it('a spoofed first X-Forwarded-For hop is not the client IP', async () => {
    const res = await s.call('GET', '/api/common', { headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.50' } });
    expect(res.data.ip).toBe('203.0.113.50');
  });

  it('a client cannot dodge the login limit by varying its own hop', async () => {
    let last = 0;
    for (let i = 0; i < 7; i++) {
      const res = await s.call('POST', '/api/login', {
        body: { username: 'demo', password: 'wrong-password', provider: 'users' },
        headers: { 'x-forwarded-for': `6.6.6.${i}, 203.0.113.51` },
      });
      last = res.code;
    }
    expect(last).toBe(429);
  });
});
