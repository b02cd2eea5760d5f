import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { vi } from 'vitest';
import en from '../../locales/en.json';
import zh from '../../locales/zh-cn.json';
import { resetRoutesForTests } from '../../src/app/backofficeRoutes';
import { resetRouteGuard } from '../../src/app/guardActor';
import { installIntl } from '../../src/app/i18n';
import { IntlRoot } from '../../src/app/IntlRoot';
import type { Locale } from '../../src/app/locale';
import { resetNavigation, useGuardedLocation } from '../../src/app/navigation';
import { caseSensitiveParser } from '../../src/app/routeParser';
import { resetSessions } from '../../src/app/sessionActors';
import { forgetGrants } from '../../src/backoffice/grants';
import { resetShellActors } from '../../src/backoffice/shell/shellActor';
import { ToastRegion } from '../../src/ui/Toast';

export function useMessages(locale: Locale = 'zh-cn') {
  installIntl(locale, (locale === 'en' ? en : zh) as Record<string, string>);
}

export interface FakeAnswer {
  body?: unknown;
  status?: number;
  headers?: Record<string, string>;
}

export interface RecordedCall {
  url: string;
  method: string;
  headers: Headers;
  body: string | FormData | null;
}

/**
 * Replace fetch with a router of fake answers: `answers['POST /api/login']` is a FakeAnswer or a
 * function of the recorded call. Every call is recorded in order.
 */
export function fakeFetch(answers: Record<string, FakeAnswer | ((call: RecordedCall) => FakeAnswer)>) {
  const calls: RecordedCall[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const call: RecordedCall = { url, method, headers: new Headers(init?.headers), body: (init?.body as string | FormData | undefined) ?? null };
    calls.push(call);
    const path = url.split('?')[0];
    const entry = answers[`${method} ${path}`];
    if (!entry) throw new TypeError(`fetch failed: no fake for ${method} ${path}`);
    const answer = typeof entry === 'function' ? entry(call) : entry;
    const payload = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? null);
    return new Response(payload, {
      status: answer.status ?? 200,
      headers: { 'content-type': typeof answer.body === 'string' ? 'text/html' : 'application/json', ...(answer.headers ?? {}) },
    });
  });
  vi.stubGlobal('fetch', fn);
  return { fn, calls };
}

export const envelope = (data: unknown, code = 200, msg = 'ok') => ({ body: { code, msg, data } });

/** Fresh app state between tests: storage, actors, route table, location. */
export function resetApp(path = '/') {
  cleanup();
  resetRouteGuard();
  resetSessions();
  resetShellActors();
  resetRoutesForTests();
  forgetGrants();
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', path);
  resetNavigation();
  vi.unstubAllGlobals();
}

export function renderWithApp(ui: ReactNode) {
  return render(
    <IntlRoot>
      <Router hook={useGuardedLocation} parser={caseSensitiveParser}>
        <ToastRegion />
        {ui}
      </Router>
    </IntlRoot>,
  );
}

export const formBody = (call: RecordedCall) => Object.fromEntries(new URLSearchParams(String(call.body)));
