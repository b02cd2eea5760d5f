import { WebSocket } from 'ws';
import { listen } from '../../../server/serve';
import type { LiveHub } from '../../../server/live/hub';
import type { TestServer } from '../helpers';

/** POST /api/Chat/<route> with the token in the header (or `inBody`: in the form, as the reference's clients send it). */
export function chat(s: TestServer, route: string, token: string | null, body: Record<string, string | number> = {}, inBody = false) {
  return s.call('POST', `/api/Chat/${route}`, inBody ? { body: { ...body, token: token ?? '', provider: 'users' } } : { token, body });
}

/** The in-process test server listening on a free port, `/ws` included; `ws` is the socket URL. */
export function listenTestServer(s: TestServer): Promise<{ url: string; ws: string; close(): Promise<void> }> {
  return listenApp(s.app, s.services.live);
}

/** An app of createApp listening on a free port with its live hub. */
export async function listenApp(app: Parameters<typeof listen>[0], hub: LiveHub | undefined): Promise<{ url: string; ws: string; close(): Promise<void> }> {
  let port = 0;
  const listening = await new Promise<ReturnType<typeof listen>>((resolve) => {
    const l = listen(app, { port: 0, hostname: '127.0.0.1', hub }, (info) => {
      port = info.port;
      resolve(l);
    });
  });
  return { url: `http://127.0.0.1:${port}`, ws: `ws://127.0.0.1:${port}/ws`, close: () => listening.close() };
}

export interface Frame {
  type: string;
  data?: any;
}

/** A test client of `/ws`: every frame it got, a wait for the next matching one, and how it closed. */
export interface TestSocket {
  frames: Frame[];
  send(frame: unknown): void;
  /** The first frame after the `from`-th one that matches (default: any), within `ms`. */
  next(match?: (f: Frame) => boolean, ms?: number, from?: number): Promise<Frame>;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

export async function openSocket(url: string): Promise<TestSocket> {
  const ws = new WebSocket(url);
  const frames: Frame[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    frames.push(JSON.parse(String(data)));
    for (const wake of waiters) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    frames,
    send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    next(match = () => true, ms = 5000, from = 0) {
      return new Promise((resolve, reject) => {
        const look = () => {
          const found = frames.slice(from).find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const check = () => void look();
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching frame within ${ms} ms; got ${JSON.stringify(frames)}`));
        }, ms);
        if (!look()) waiters.add(check);
      });
    },
    closed,
    close: () => ws.close(),
  };
}

/** Opens a socket and authenticates it; resolves once `ready` came. */
export async function authedSocket(url: string, token: string, since?: number): Promise<TestSocket> {
  const socket = await openSocket(url);
  socket.send({ type: 'auth', token, ...(since === undefined ? {} : { since }) });
  await socket.next((f) => f.type === 'ready');
  return socket;
}

/** A form POST to a running instance (tests/e2e/instances.ts); the envelope back. */
export async function post(base: string, path: string, body: Record<string, string | number>, token?: string): Promise<{ code: number; msg: string; data: any }> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString(),
  });
  return (await res.json()) as { code: number; msg: string; data: any };
}

/** Logs in on a running instance; the access token. */
export async function loginAt(base: string, username: string, area?: 'seller' | 'user'): Promise<string> {
  const res = await post(base, '/api/login', { username, password: '123456', provider: 'users', ...(area ? { area } : {}) });
  if (res.code !== 200) throw new Error(`login ${username}: ${res.code} ${res.msg}`);
  return res.data.access_token;
}
