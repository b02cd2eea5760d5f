import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampledLog } from '../../server/http/sampledLog';

describe('sampledLog', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes the first line of a kind per window, counts the rest and says how many were left out', () => {
    const lines: string[] = [];
    const log = sampledLog({ windowMs: 60_000, out: (line) => lines.push(line), prefix: '[payment]' });
    for (let i = 0; i < 1000; i++) log.write('refused notifies', `refused #${i}`);
    log.write('other', 'other #0');
    expect(lines).toEqual(['refused #0', 'other #0']);
    vi.advanceTimersByTime(60_000);
    expect(lines).toEqual(['refused #0', 'other #0', '[payment] 999 more refused notifies in the last 60 s (not logged one by one)']);
    log.write('refused notifies', 'refused #1000');
    expect(lines.at(-1)).toBe('refused #1000');
    vi.advanceTimersByTime(60_000);
    // a window with nothing left out closes silently
    expect(lines).toHaveLength(4);
    expect(log.counts()).toEqual({ 'refused notifies': 1001, other: 1 });
  });
});
