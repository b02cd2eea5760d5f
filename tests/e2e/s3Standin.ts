import { mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage, Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error: the package ships no types
import S3rver from '@20minutes/s3rver';

/**
 * An S3-compatible stand-in (s3rver, maintained fork @20minutes/s3rver) on a free local port: a
 * real S3 REST API that checks every request's AWS Signature V4 against its one key pair
 * (S3RVER / S3RVER) and keeps objects in a temporary folder. It records what each request sent
 * (method, path, headers), so tests check what we send, and can be stopped and started again on
 * the same port to play a bucket that is down.
 */
export interface SentRequest {
  method: string;
  /** Path and query as sent (path style: `/<bucket>/<key>?x-id=PutObject`). */
  url: string;
  /** The path alone, decoded. */
  path: string;
  headers: IncomingMessage['headers'];
}

export interface S3Standin {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Every request received so far. */
  sent: SentRequest[];
  /** The variables that point a Souk instance at it (UPLOAD_DRIVER=s3 …). */
  env(): Record<string, string>;
  /** Stops answering (connections are refused) until `start()`. */
  pause(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export const STANDIN_KEY = 'S3RVER';

export async function startS3Standin(bucket = 'souk-test'): Promise<S3Standin> {
  const directory = mkdtempSync(join(tmpdir(), 'souk-s3-'));
  const sent: SentRequest[] = [];
  let port = 0;
  let server: InstanceType<typeof S3rver> | undefined;
  const start = async () => {
    server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket }] });
    const address = (await server.run()) as { port: number };
    port = address.port;
    (server.httpServer as Server).prependListener('request', (req: IncomingMessage) => {
      const url = req.url ?? '';
      sent.push({ method: req.method ?? '', url, path: decodeURIComponent(url.split('?')[0]), headers: req.headers });
    });
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  const pause = async () => {
    const running = server;
    server = undefined;
    if (!running) return;
    (running.httpServer as Server).closeAllConnections?.();
    await running.close();
  };
  return {
    endpoint,
    bucket,
    accessKeyId: STANDIN_KEY,
    secretAccessKey: STANDIN_KEY,
    sent,
    env: () => ({
      UPLOAD_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: STANDIN_KEY,
      S3_SECRET_ACCESS_KEY: STANDIN_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    }),
    pause,
    start,
    async stop() {
      await pause();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
