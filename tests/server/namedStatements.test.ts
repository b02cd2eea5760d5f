import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_NAMED, PreparingClient, statementName } from '../../server/db/namedStatements';

afterEach(() => vi.restoreAllMocks());

/** What PreparingClient hands to pg's own query(), without a connection. */
function sent(...args: unknown[]): unknown {
  const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(((config: unknown) => config) as never);
  const client = new PreparingClient();
  (client.query as (...a: unknown[]) => unknown)(...args);
  return spy.mock.calls.at(-1)![0];
}

describe('named statements (server/db/namedStatements.ts)', () => {
  it('names a parameterised query after its text, the same name for the same text', () => {
    const a = sent({ text: 'select $1::int as n', rowMode: 'array' }, [1]) as { name: string; text: string; rowMode: string };
    const b = sent({ text: 'select $1::int as n' }, [2]) as { name: string };
    const other = sent('select $1::text as t', ['x']) as { name: string; text: string };
    expect(a.name).toMatch(/^s[\w-]+$/);
    expect(a).toMatchObject({ text: 'select $1::int as n', rowMode: 'array' });
    expect(b.name).toBe(a.name);
    expect(other).toMatchObject({ text: 'select $1::text as t' });
    expect(other.name).not.toBe(a.name);
  });

  it('leaves alone queries without values, named ones and submittables', () => {
    expect(sent('begin', [])).toBe('begin');
    expect(sent({ text: 'select 1' })).toEqual({ text: 'select 1' });
    expect(sent({ text: 'select $1', name: 'mine' }, [1])).toEqual({ text: 'select $1', name: 'mine' });
    const submittable = { text: 'select $1', submit: () => {} };
    expect(sent(submittable, [1])).toBe(submittable);
  });

  it('stops naming past MAX_NAMED distinct texts', () => {
    for (let i = 0; i < MAX_NAMED + 10; i++) statementName(`select ${i} where $1 = $1`);
    expect(statementName('a text never seen before $1')).toBeUndefined();
    expect(statementName('select 0 where $1 = $1')).toBeDefined();
  });
});
