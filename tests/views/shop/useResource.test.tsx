import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../../../src/api/client';
import { useResource } from '../../../src/shop/shared/useResource';

type Load = () => Promise<ApiResult<string>>;

function Probe({ id, load, initial }: { id: string | null; load: Load; initial?: () => string | undefined }) {
  const r = useResource(id, load, initial);
  return (
    <>
      <p data-testid="state">{`${r.status}:${r.data ?? ''}`}</p>
      <button type="button" onClick={r.reload}>reload</button>
    </>
  );
}

const ok = (data: string) => vi.fn<Load>(async () => ({ kind: 'ok', data, msg: '' }));
const state = () => screen.getByTestId('state').textContent;
afterEach(cleanup);

describe('useResource', () => {
  it('shows data handed over by `initial` in the first render and skips only the first load', async () => {
    const load = ok('fresh');
    const initial = vi.fn(() => 'inlined');
    render(<Probe id="a" load={load} initial={initial} />);
    expect(state()).toBe('ready:inlined');
    await act(async () => {});
    expect(load).not.toHaveBeenCalled();
    expect(initial).toHaveBeenCalledTimes(1);
    await act(async () => screen.getByRole('button').click());
    expect(load).toHaveBeenCalledTimes(1);
    expect(state()).toBe('ready:fresh');
  });

  it('loads as usual when `initial` has nothing, and on a new key', async () => {
    const load = ok('fresh');
    const view = render(<Probe id="a" load={load} initial={() => undefined} />);
    expect(state()).toBe('loading:');
    await act(async () => {});
    expect(state()).toBe('ready:fresh');
    view.rerender(<Probe id="b" load={ok('other')} initial={() => 'ignored'} />);
    await act(async () => {});
    expect(state()).toBe('ready:other');
  });

  it('asks `initial` nothing while there is no key', async () => {
    const initial = vi.fn(() => 'inlined');
    render(<Probe id={null} load={ok('x')} initial={initial} />);
    expect(initial).not.toHaveBeenCalled();
    expect(state()).toBe('loading:');
  });
});
