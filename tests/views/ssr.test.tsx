import { act, screen, waitFor } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { rereadInlined } from '../../src/api/inlined';
import { boot } from '../../src/app/boot';
import { LANGUAGE_KEY } from '../../src/app/locale';
import { resetCommonForTests } from '../../src/shop/layout/commonStore';
import { render, warm } from '../../src/ssr/render';
import type { RenderInput } from '../../server/http/serverRender';
import { envelope, fakeFetch, resetApp, type RecordedCall } from './helpers';
import { BRANDS, card, CLASSES, commonAnswers, GOODS, login } from './shop/catalogueHelpers';

// Server rendering (src/ssr/render.tsx) and hydration by the browser's boot (src/app/boot.tsx):
// the browser adopts the server's DOM nodes, with no hydration error, and asks the API for
// nothing the page was rendered with.
const ad = (id: number, name: string) => ({ id, name, url: `/goods/${id}`, image: `/uploads/seed/ad${id}.jpg` });
const COMMON = { classes: CLASSES, brands: BRANDS, common: { web_name: 'Souk', logo: '', icp: '' } };
const HOME_DATA = {
  common: COMMON,
  home: { goods: [{ id: 1, name: '数码', goods: [card(10, '手机甲'), card(11, '手机乙')] }] },
  'adv:PC_首页幻灯片': [ad(1, '横幅一'), ad(2, '横幅二')],
  'adv:PC_首页广告': [ad(3, '广告一'), ad(4, '广告二'), ad(5, '广告三')],
  'adv:PC_首页楼层': [ad(6, '楼层广告')],
};

/** What the page may still ask after hydration: the visitor's cart, ip and favourite, the reviews. */
const ANSWERS = {
  ...commonAnswers(3),
  'GET /api/is_fav': envelope(false),
  'GET /api/goods_comments/5': envelope({ data: [], total: 0, per_page: 10, current_page: 1, last_page: 1 }),
};

let root: Root | undefined;

/** Errors logged while hydrating (React reports a mismatch with console.error). */
function watchErrors() {
  const spy = vi.spyOn(console, 'error');
  return {
    logged: () => spy.mock.calls.map((args) => String(args[0])),
    restore: () => spy.mockRestore(),
  };
}
let calls: RecordedCall[] = [];

/** The document as the server sends it: the rendered root and the answers in `#souk-data`. */
function serve(input: RenderInput): HTMLElement {
  const html = render(input);
  expect(html).not.toBeNull();
  document.getElementById('souk-data')?.remove();
  const data = document.createElement('script');
  data.type = 'application/json';
  data.id = 'souk-data';
  data.textContent = JSON.stringify(input.data);
  document.head.append(data);
  rereadInlined();
  const element = document.createElement('div');
  element.id = 'root';
  element.dataset.ssr = input.locale;
  if (input.parts.length) element.dataset.parts = input.parts.join(',');
  element.innerHTML = html!;
  document.body.append(element);
  return element;
}

async function hydrate(element: HTMLElement) {
  await act(async () => {
    root = await boot(element);
  });
  await waitFor(() => expect(element.hasAttribute('data-ssr')).toBe(false), { timeout: 5000 });
}

beforeAll(() => warm([{ path: '/', parts: [] }, { path: '/goods/5', parts: ['catalogue', 'forms'] }]));
beforeEach(() => {
  resetApp('/');
  resetCommonForTests();
  localStorage.setItem(LANGUAGE_KEY, 'zh-cn');
  ({ calls } = fakeFetch(ANSWERS));
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.getElementById('root')?.remove();
  document.getElementById('souk-data')?.remove();
  resetApp('/');
});

describe('server rendering', () => {
  it('renders the home page with its data: banner, adverts, class menu and floors, logged out', () => {
    const html = render({ path: '/', search: '', locale: 'zh-cn', parts: [], data: HOME_DATA })!;
    for (const text of ['横幅一', '广告三', '数码', '手机甲', '手机乙', '登录']) expect(html).toContain(text);
    expect(html).toContain('src="/uploads/seed/ad1.jpg"');
    expect(html).toContain('href="/goods/10"');
  });

  it('speaks the visitor\'s language', () => {
    const html = render({ path: '/', search: '', locale: 'en', parts: [], data: HOME_DATA })!;
    expect(html).toContain('Log in');
    expect(html).not.toContain('登录');
  });

  it('renders a goods page with its spec groups and price', () => {
    const html = render({ path: '/goods/5', search: '', locale: 'zh-cn', parts: ['catalogue', 'forms'], data: { common: COMMON, 'goods:5': GOODS } })!;
    for (const text of ['青梧 T 恤', '颜色', '尺码', '青梧旗舰店']) expect(html).toContain(text);
    expect(html).toContain('role="radiogroup"');
  });
});

describe('hydration in the browser', () => {
  it('adopts the home page\'s DOM without an error and without asking for its data again', async () => {
    const errors = watchErrors();
    const element = serve({ path: '/', search: '', locale: 'zh-cn', parts: [], data: HOME_DATA });
    const banner = element.querySelector('img[src="/uploads/seed/ad1.jpg"]');
    expect(banner).not.toBeNull();
    await hydrate(element);
    expect(errors.logged()).toEqual([]);
    expect(banner!.isConnected).toBe(true);
    const asked = calls.map((c) => new URL(c.url, 'http://x').pathname);
    expect(asked).not.toContain('/api/home');
    expect(asked).not.toContain('/api/adv');
    // interactive: the carousel's dots work
    act(() => screen.getByRole('button', { name: '显示第 2 张' }).click());
    expect(screen.getByRole('button', { name: '显示第 2 张' }).getAttribute('aria-current')).toBe('true');
    errors.restore();
  });

  it('shows the login state and cart count only after hydration', async () => {
    login();
    const errors = watchErrors();
    const element = serve({ path: '/', search: '', locale: 'zh-cn', parts: [], data: HOME_DATA });
    expect(element.textContent).toContain('登录');
    await hydrate(element);
    await waitFor(() => expect(screen.getAllByText(/Ann/).length).toBeGreaterThan(0));
    await waitFor(() => expect(screen.getByTestId('cart-count').textContent).toContain('3'));
    expect(errors.logged()).toEqual([]);
    errors.restore();
  });

  it('adopts a goods page (with its message parts) and the SKU picker answers', async () => {
    resetApp('/goods/5');
    localStorage.setItem(LANGUAGE_KEY, 'zh-cn');
    ({ calls } = fakeFetch(ANSWERS));
    const errors = watchErrors();
    const element = serve({ path: '/goods/5', search: '', locale: 'zh-cn', parts: ['catalogue', 'forms'], data: { common: COMMON, 'goods:5': GOODS } });
    const title = element.querySelector('h1');
    await hydrate(element);
    expect(errors.logged()).toEqual([]);
    expect(title!.isConnected).toBe(true);
    expect(calls.map((c) => new URL(c.url, 'http://x').pathname)).not.toContain('/api/goods/5');
  });

  it('renders afresh when the visitor chose another language than the server rendered in', async () => {
    localStorage.setItem(LANGUAGE_KEY, 'en');
    const element = serve({ path: '/', search: '', locale: 'zh-cn', parts: [], data: HOME_DATA });
    const banner = element.querySelector('img[src="/uploads/seed/ad1.jpg"]');
    await act(async () => {
      root = await boot(element);
    });
    expect(element.hasAttribute('data-ssr')).toBe(false);
    await waitFor(() => expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy(), { timeout: 5000 });
    expect(banner!.isConnected).toBe(false);
  });
});
