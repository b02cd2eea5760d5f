import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCS_DIR, generateMachineDocs, loadMachines, renderMermaid } from '../../scripts/machines-docs';

describe('machine diagrams (docs/machines)', () => {
  it('are up to date: run npm run machines:docs', async () => {
    const expected = await generateMachineDocs();
    const onDisk = existsSync(DOCS_DIR) ? readdirSync(DOCS_DIR).filter((file) => file.endsWith('.md')).sort() : [];
    const stale: string[] = [];
    for (const [file, content] of expected) {
      const path = join(DOCS_DIR, file);
      if (!existsSync(path) || readFileSync(path, 'utf8') !== content) stale.push(file);
    }
    for (const file of onDisk) if (!expected.has(file)) stale.push(`${file} (no such machine)`);
    expect(stale, `docs/machines is stale (${stale.join(', ')}): run npm run machines:docs`).toEqual([]);
  });

  it('draws every machine with its states, events and guards', async () => {
    const machines = await loadMachines();
    // every machines/<name>.machine.ts is found, in name order
    const files = readdirSync('machines').filter((f) => f.endsWith('.machine.ts')).map((f) => f.replace('.machine.ts', '')).sort();
    expect(machines.map((m) => m.name)).toEqual(files);
    expect(files).toEqual(expect.arrayContaining(['backofficeShell', 'countdown', 'routeGuard', 'session', 'smsCode', 'upload']));
    const byName = (name: string) => machines.find((m) => m.name === name)!.machine;
    const shell = renderMermaid(byName('backofficeShell'));
    expect(shell.startsWith('stateDiagram-v2\n')).toBe(true);
    expect(shell).toContain('state "backofficeShell (parallel)" as backofficeShell {');
    expect(shell).toMatch(/state "sidebar" as backofficeShell_sidebar \{[\s\S]*\n {4}--\n {4}state "userDialog" as backofficeShell_userDialog \{/);
    expect(shell).toContain('backofficeShell_userDialog_open --> backofficeShell_userDialog_open : USERDIALOG.SAVE [nicknameMissing]');
    const session = renderMermaid(byName('session'));
    expect(session).toContain('session_loggedIn_editing --> session_loggedIn_refreshing : done editUser');
    expect(session).toContain('session_fetchingUser --> session_loggedOut : done fetchUser [isSubAccount]');
    expect(session).toContain('[*] --> session_restoring');
    const guard = renderMermaid(byName('routeGuard'));
    expect(guard).toContain('state "any state" as routeGuard__any');
    expect(guard).toContain('routeGuard__any --> routeGuard_checking : NAVIGATE');
    // parallel edges between the same two states share one arrow
    expect(shell).toContain('backofficeShell__any --> backofficeShell__any : MENUS.SET<br/>ROUTE.CHANGED<br/>TAB.SELECT [tabExists]');
    expect(session).toContain('session_restoring --> session_loggedOut : always [hasStoredToken]<br/>always');
  });
});
