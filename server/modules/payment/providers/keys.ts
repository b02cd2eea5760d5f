import { createPrivateKey } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';

/**
 * Key material of the payment settings (configs.pay): private keys are stored as text (PEM, or the
 * bare base64 body the gateways' key tools print), certificates and public keys as file paths,
 * absolute or relative to the data directory.
 */
export function readKeyFile(path: string, dataDir: string): string | null {
  if (!path) return null;
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
