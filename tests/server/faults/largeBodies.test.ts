import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestServer, type TestServer } from '../helpers';

/**
 * A body the route never read (a 401 before auth, the 404 fallback) was answered with
 * keep-alive, and the socket destroyed 500 ms later by the node adapter's drain timer: the
 * client's next request on the connection failed. A body within the route's limit is now read
 * before the answer, so the connection stays usable; one over it is a 413 that closes the
 * connection cleanly (`Connection: close`). Two requests on one raw connection show it.
 */
interface RawAnswer {
  head: string;
  body: string;
}

/** A connection that sends raw requests and reads one HTTP/1.1 answer at a time (Content-Length bodies). */
function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let buffer = Buffer.alloc(0);
  let closed = false;
  let wake: (() => void) | undefined;
  socket.on('data', (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    wake?.();
  });
  socket.on('close', () => {
    closed = true;
    wake?.();
  });
  socket.on('error', () => undefined);
  const more = () => new Promise<void>((resolve) => (wake = resolve));
  return {
    socket,
    get closed() {
      return closed;
    },
    async answer(): Promise<RawAnswer> {
      for (;;) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end >= 0) {
          const head = buffer.subarray(0, end).toString('latin1');
          const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
          if (buffer.length >= end + 4 + length) {
            const body = buffer.subarray(end + 4, end + 4 + length).toString('utf8');
            buffer = buffer.subarray(end + 4 + length);
            return { head, body };
          }
        }
        if (closed) throw new Error('connection closed before a full answer');
        await more();
      }
    },
    /** Resolves true when the server closes the connection within `ms`. */
    async closesWithin(ms: number): Promise<boolean> {
      if (closed) return true;
      await Promise.race([more(), new Promise((resolve) => setTimeout(resolve, ms))]);
      return closed;
    },
  };
}

const post = (path: string, body: Buffer, extra = '') =>
  Buffer.concat([
    Buffer.from(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n${extra}\r\n`),
    body,
  ]);
const get = (path: string) => Buffer.from(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
const envelope = (answer: RawAnswer) => JSON.parse(answer.body) as { code: number };

describe('large bodies the route does not read', () => {
  let s: TestServer;
  let server: ReturnType<typeof serve>;
  let port: number;
  beforeAll(async () => {
    s = await openTestServer();
    server = serve({ fetch: s.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
    await new Promise((resolve) => server.close(resolve));
    await s?.close();
  });

  const big = Buffer.from(`name=${'x'.repeat(600 * 1024)}`);

  for (const [what, path, code] of [
    ['a 401 before auth', '/api/Admin/users', 401],
    ['the 404 fallback', '/api/no/such/route', 404],
  ] as const) {
    it(`${what}: the connection serves the next request`, async () => {
      const conn = connect(port);
      conn.socket.write(post(path, big));
      const first = await conn.answer();
      expect(envelope(first).code).toBe(code);
      expect(first.head).not.toMatch(/\r\nconnection: close/i);
      // past the adapter's 500 ms drain timer
      expect(await conn.closesWithin(700)).toBe(false);
      conn.socket.write(get('/api/common'));
      const second = await conn.answer();
      expect(envelope(second).code).toBe(200);
      conn.socket.destroy();
    });
  }

  it('a body over the route\'s limit: 413 with Connection: close, the connection ends cleanly', async () => {
    const conn = connect(port);
    // 5 MB declared to a form route (limit 4 MB); nothing but the head is sent
    conn.socket.write(Buffer.from(`POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${5 * 1024 * 1024}\r\n\r\n`));
    const first = await conn.answer();
    expect(envelope(first).code).toBe(413);
    expect(first.head).toMatch(/\r\nconnection: close/i);
    expect(await conn.closesWithin(2000)).toBe(true);
    conn.socket.destroy();
  });

  it('uploads keep their 10 MB limit', async () => {
    const conn = connect(port);
    conn.socket.write(post('/api/uploads', Buffer.alloc(5 * 1024 * 1024, 'a')));
    const first = await conn.answer();
    expect(envelope(first).code).toBe(401);
    conn.socket.write(get('/api/common'));
    expect(envelope(await conn.answer()).code).toBe(200);
    conn.socket.destroy();
  });
});
