/** Mounting a TablePage against a faked API (happy-dom): rows, list answers and query reading. */
import { act, screen } from '@testing-library/react';
import { BackofficeAreaContext } from '../../../src/backoffice/areaContext';
import { TablePage } from '../../../src/backoffice/table/TablePage';
import type { PageConfig, Row } from '../../../src/backoffice/table/types';
import { dismissToast, getToasts } from '../../../src/ui/toast';
import { fakeFetch, renderWithApp, resetApp, useMessages, type FakeAnswer, type RecordedCall } from '../helpers';

export const PAGE_PATH = '/Admin/expresses';
export const API = `/api${PAGE_PATH}`;

/** The virtualiser measures the scroll area: give it a 600 px viewport (happy-dom has no layout). */
export function giveScrollAreaHeight(height = 600) {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset?.testid === 'table-scroll' ? height : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset?.testid === 'table-scroll' ? 1200 : 0;
    },
  });
}

export const couriers = (from: number, to: number): Row[] =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ id: from + i, name: `courier ${from + i}`, code: `C${from + i}`, created_at: '2024-01-02 03:04:05' }));

/** Query of a recorded GET / DELETE as a plain object (qs brackets kept as written). */
export function queryOf(call: RecordedCall): Record<string, string> {
  const search = call.url.includes('?') ? call.url.slice(call.url.indexOf('?') + 1) : '';
  return Object.fromEntries(new URLSearchParams(search));
}

export const ok = (data: unknown): FakeAnswer => ({ body: { code: 200, msg: 'ok', data } });
export const failure = (code: number, msg: string, data: unknown = null): FakeAnswer => ({ body: { code, msg, data } });

/** A paginated list over `all` rows honouring page / per_page / isAll and a `name|like` filter. */
export function listAnswer(all: Row[]) {
  return (call: RecordedCall): FakeAnswer => {
    const q = queryOf(call);
    let rows = all;
    if (q.name?.endsWith('|like')) {
      const needle = q.name.slice(0, -'|like'.length);
      rows = rows.filter((r) => String(r.name).includes(needle));
    }
    if (q.isAll) return ok(rows);
    const page = Number(q.page ?? 1);
    const perPage = Number(q.per_page ?? 30);
    return ok({ data: rows.slice((page - 1) * perPage, page * perPage), total: rows.length, per_page: perPage, current_page: page, last_page: Math.max(1, Math.ceil(rows.length / perPage)) });
  };
}

/** Toasts live in a module store: drop those of earlier tests. */
export function clearToasts() {
  for (const item of getToasts()) dismissToast(item.id);
}

/** `prepare` runs after the reset, before the page mounts (e.g. to put a remembered choice in storage). */
export function mountTable(config: PageConfig, answers: Parameters<typeof fakeFetch>[0], prepare?: () => void) {
  resetApp(PAGE_PATH);
  prepare?.();
  clearToasts();
  useMessages('zh-cn');
  localStorage.setItem('admin_token', 'adm');
  giveScrollAreaHeight();
  const fetch = fakeFetch(answers);
  const view = renderWithApp(
    <BackofficeAreaContext.Provider value={0}>
      <TablePage config={config} />
    </BackofficeAreaContext.Provider>,
  );
  return { ...fetch, view };
}

export const callsTo = (calls: RecordedCall[], method: string, path: string) => calls.filter((c) => c.method === method && c.url.split('?')[0] === path);

/** Body rows shown by the grid (header excluded). */
export const bodyRows = () => screen.queryAllByRole('row').filter((r) => r.getAttribute('aria-rowindex') !== '1');

/** Let timers and promises settle inside act. */
export async function settle(ms = 0) {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}
