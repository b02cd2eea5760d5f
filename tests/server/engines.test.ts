import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

/**
 * Issue 30: a fresh `npm install` on the Node we support is clean — no package wants a newer Node
 * (sanitize-html 2.17.6+ asks for ≥ 22.12, so it is pinned at 2.17.5). Every locked package's
 * `engines.node` must accept the lowest Node of our own `engines`.
 */
const semver = createRequire(import.meta.url)('semver') as { satisfies: (version: string, range: string) => boolean; minVersion: (range: string) => { version: string } };

describe('dependencies', () => {
  it('all accept the lowest Node version of package.json engines', () => {
    const own = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
    const lowest = semver.minVersion(own.engines.node).version;
    expect(lowest.startsWith('20.')).toBe(true);
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, { engines?: unknown; version?: string }> };
    const refused = Object.entries(lock.packages)
      .filter(([path, entry]) => path && entry.engines && typeof entry.engines === 'object' && typeof (entry.engines as { node?: unknown }).node === 'string')
      .filter(([, entry]) => !semver.satisfies(lowest, (entry.engines as { node: string }).node))
      .map(([path, entry]) => `${path.replace(/^node_modules\//, '')}@${entry.version}: node ${(entry.engines as { node: string }).node}`);
    expect(refused).toEqual([]);
  });
});
