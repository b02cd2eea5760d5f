import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import zh from '../../../locales/zh-cn.json';
import { LEDGER_NAME_KEYS, ledgerNameKey } from '../../../src/user/money/logName';

/** Every `.ts` file under a folder. */
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));

/** The log names the server's ledger writes: `name: '…'` literals and the name maps (LOG_NAME, STEP_LOG) of the files that call applyLedger. */
function ledgerNamesWritten(): Set<string> {
  const names = new Set<string>();
  for (const file of [...sources('server/modules'), ...sources('server/db/seed')]) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes('applyLedger(')) continue;
    for (const m of text.matchAll(/applyLedger\([^;]*?name: '([^']+)'/g)) names.add(m[1]);
    for (const block of text.matchAll(/const \w*LOG\w* = \{([^}]*)\}/g)) for (const m of block[1].matchAll(/'([^']*\p{Script=Han}[^']*)'/gu)) names.add(m[1]);
  }
  return names;
}

describe('money log names in the user centre', () => {
  it('every name the server writes has a message in both languages, the English one not Chinese', () => {
    const written = ledgerNamesWritten();
    expect(written.size).toBeGreaterThanOrEqual(13);
    for (const name of written) {
      const key = ledgerNameKey(name);
      expect(key, name).not.toBeNull();
      expect((zh as Record<string, string>)[key!], name).toBe(name);
      expect((en as Record<string, string>)[key!], name).toMatch(/^[^\p{Script=Han}]+$/u);
    }
    // no stale entries either
    expect(Object.keys(LEDGER_NAME_KEYS).sort()).toEqual([...written].sort());
  });

  it('a name outside the list is shown as stored', () => {
    expect(ledgerNameKey('手工调整')).toBeNull();
  });
});
