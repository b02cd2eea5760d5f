import { createPrivateKey } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { bytesOf } from '../../../storage/bytes';
import type { Storage } from '../../../storage/types';

/**
 * Key material of the payment settings (configs.pay): private keys are stored as text (PEM, or the
 * bare base64 body the gateways' key tools print), certificates and public keys as file paths,
 * absolute or relative to the data directory, or `private/…` files uploaded through the console,
 * read from the storage beforehand (`files`, keyFilesOf).
 */
export function readKeyFile(path: string, dataDir: string, files?: ReadonlyMap<string, string>): string | null {
  if (!path) return null;
  const stored = files?.get(path.replace(/^\/+/, ''));
  if (stored !== undefined) return stored;
  for (const candidate of [path, join(dataDir, path.replace(/^\/+/, ''))]) {
    if (isAbsolute(candidate) && existsSync(candidate)) return readFileSync(candidate, 'utf8');
  }
  return null;
}

/** Which PEM type a private key's text is: PKCS#8 (`PRIVATE KEY`) or PKCS#1 (`RSA PRIVATE KEY`). */
export function privateKeyType(text: string): 'PKCS8' | 'PKCS1' {
  if (text.includes('BEGIN PRIVATE KEY')) return 'PKCS8';
  if (text.includes('BEGIN RSA PRIVATE KEY')) return 'PKCS1';
  try {
    createPrivateKey({ key: Buffer.from(text.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'pkcs8' });
    return 'PKCS8';
  } catch {
    return 'PKCS1';
  }
}

/** The `private/…` files named in payment settings, read from the storage (missing ones left out). */
export async function keyFilesOf(storage: Storage, settings: Record<string, unknown>): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const value of Object.values(settings)) {
    if (typeof value !== 'string') continue;
    const key = value.trim().replace(/^\/+/, '');
    if (!/^private\/[A-Za-z0-9_\-./]+$/.test(key) || key.split('/').includes('..') || files.has(key)) continue;
    const found = await storage.get(key);
    if (found) files.set(key, (await bytesOf(found.body)).toString('utf8'));
  }
  return files;
}
