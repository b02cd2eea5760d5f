import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bucketCount, periodKey, periodQuery, rangeError } from '../../machines/dashboard';
import { dashboardMachine, type DashboardInput, type LoadFiguresInput } from '../../machines/dashboard.machine';
import { createTestActor } from './coverage';
import { flush, manualActor } from './fakes';

function start(input: DashboardInput = {}) {
  const load = manualActor<unknown, LoadFiguresInput>();
  const actor = createTestActor(dashboardMachine.provide({ actors: { loadFigures: load.logic } }), { input });
  actor.start();
  return { actor, load, state: () => actor.getSnapshot() };
}

describe('dashboard periods (pure)', () => {
  it('counts buckets and refuses bad ranges like the server', () => {
    expect(bucketCount('day', ['2026-01-01', '2026-12-31'])).toBe(365);
    expect(bucketCount('month', ['2025-11-15', '2026-02-01'])).toBe(4);
    expect(bucketCount('year', ['2001-06-01', '2026-01-01'])).toBe(26);
    expect(rangeError('day', ['2026-01-01', '2026-12-31'])).toBeNull();
    expect(rangeError('day', ['2024-01-01', '2025-01-02'])).toBe('tooLong');
    expect(rangeError('month', ['2024-01-01', '2025-01-02'])).toBeNull();
    expect(rangeError('day', ['2026-03-02', '2026-03-01'])).toBe('reversed');
    expect(rangeError('day', ['2026-02-30', '2026-03-01'])).toBe('format');
    expect(rangeError('day', ["2026-01-01' or 1=1", '2026-03-01'])).toBe('format');
  });

  it('turns a period into the contract’s query', () => {
    expect(periodQuery('day', null)).toEqual({ is_type: '0' });
    expect(periodQuery('year', ['2020-01-01', '2026-01-31'])).toEqual({ is_type: '2', 'created_at[0]': '2020-01-01', 'created_at[1]': '2026-01-31' });
    expect(periodKey('month', null)).toBe('month:');
    expect(periodKey('day', ['2026-01-01', '2026-01-02'])).toBe('day:2026-01-01~2026-01-02');
  });
});

describe('dashboard machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('loads the day view first, then shows the figures', async () => {
    const t = start();
    expect(t.state().value).toBe('loading');
    expect(t.load.last().input).toEqual({ query: { is_type: '0' } });
    t.load.last().resolve({ today_price: '1.00' });
    await flush();
    expect(t.state().value).toBe('ready');
    expect(t.state().context.data).toEqual({ today_price: '1.00' });
  });

  it('a failed load keeps the figures it had and can be retried', async () => {
    const t = start({ unit: 'month' });
    t.load.last().resolve({ n: 1 });
    await flush();
    t.actor.send({ type: 'REFRESH' });
    expect(t.state().value).toBe('loading');
    t.load.last().reject({ msg: '网络错误' });
    await flush();
    expect(t.state().value).toBe('failed');
    expect(t.state().context).toMatchObject({ error: '网络错误', data: { n: 1 } });
    t.actor.send({ type: 'RETRY' });
    expect(t.load.last().input).toEqual({ query: { is_type: '1' } });
    t.load.last().resolve({ n: 2 });
    await flush();
    expect(t.state().context).toMatchObject({ error: null, data: { n: 2 } });
  });

  it('switching the unit reloads, drops the range and the answer of the load it replaced', async () => {
    const t = start();
    const first = t.load.last();
    t.actor.send({ type: 'PERIOD.SET', unit: 'year' });
    expect(t.load.calls).toHaveLength(2);
    expect(t.load.last().input).toEqual({ query: { is_type: '2' } });
    first.resolve({ stale: true });
    await flush();
    expect(t.state().value).toBe('loading');
    t.load.last().resolve({ fresh: true });
    await flush();
    expect(t.state().context.data).toEqual({ fresh: true });
    // the same unit again changes nothing
    t.actor.send({ type: 'PERIOD.SET', unit: 'year' });
    expect(t.load.calls).toHaveLength(2);
    expect(t.state().value).toBe('ready');
  });

  it('a range is checked first: a bad one stays with its error, a good one loads; clearing it reloads', async () => {
    const t = start();
    t.load.last().resolve({});
    await flush();
    t.actor.send({ type: 'RANGE.SET', from: '2026-03-02', to: '2026-03-01' });
    expect(t.state().value).toBe('ready');
    expect(t.state().context.rangeError).toBe('reversed');
    expect(t.load.calls).toHaveLength(1);
    t.actor.send({ type: 'RANGE.SET', from: '2026-03-01', to: '2026-03-31' });
    expect(t.state().context).toMatchObject({ range: ['2026-03-01', '2026-03-31'], rangeError: null });
    expect(t.load.last().input).toEqual({ query: { is_type: '0', 'created_at[0]': '2026-03-01', 'created_at[1]': '2026-03-31' } });
    t.load.last().resolve({});
    await flush();
    // the unit chip with a range set reloads without it, even for the same unit
    t.actor.send({ type: 'PERIOD.SET', unit: 'day' });
    expect(t.state().context.range).toBeNull();
    expect(t.load.calls).toHaveLength(3);
    t.load.last().resolve({});
    await flush();
    t.actor.send({ type: 'RANGE.CLEAR' });
    expect(t.load.calls).toHaveLength(3);
    t.actor.send({ type: 'RANGE.SET', from: '2026-01-01', to: '2026-01-02' });
    t.load.last().resolve({});
    await flush();
    t.actor.send({ type: 'RANGE.CLEAR' });
    expect(t.load.last().input).toEqual({ query: { is_type: '0' } });
    expect(t.state().context.range).toBeNull();
  });

  it('refreshes by itself while shown when asked to, never otherwise', async () => {
    const t = start({ refreshMs: 60_000 });
    t.load.last().resolve({ n: 1 });
    await flush();
    vi.advanceTimersByTime(59_999);
    expect(t.load.calls).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(t.state().value).toBe('loading');
    expect(t.load.calls).toHaveLength(2);

    const quiet = start();
    quiet.load.last().resolve({});
    await flush();
    vi.advanceTimersByTime(3_600_000);
    expect(quiet.load.calls).toHaveLength(1);
    expect(quiet.state().value).toBe('ready');
  });
});
