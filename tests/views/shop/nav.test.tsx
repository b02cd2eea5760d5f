import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetCommonForTests } from '../../../src/shop/layout/commonStore';
import { decodeSearch } from '../../../src/shop/search/searchState';
import { envelope, fakeFetch, resetApp } from '../helpers';
import { boot, commonAnswers, page } from './catalogueHelpers';

// The nav row (screens §5.3) on every shop page: 全部商品分类 and the pages that exist.
const stores = { ...commonAnswers(), 'GET /api/stores': envelope(page([])) };

async function openStores() {
  fakeFetch(stores);
  boot('/stores');
  await screen.findByRole('heading', { name: '店铺街', level: 1 }, { timeout: 5000 });
  const button = screen.getByRole('button', { name: '全部商品分类' });
  const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
  return { button, panel, box: button.parentElement! };
}

describe('shop nav row', () => {
  beforeEach(() => {
    resetApp('/');
    resetCommonForTests();
  });
  afterEach(() => resetApp('/'));

  it('is on the other shop pages too, with only the pages that exist', async () => {
    const { button, panel } = await openStores();
    const nav = screen.getByRole('navigation', { name: '主导航' });
    expect(within(nav).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('aria-current')])).toEqual([
      ['首页', '/', null],
      ['店铺街', '/stores', 'page'],
      ['秒杀', '/seckills', null],
      ['拼团', '/collectives', null],
      ['积分商城', '/integral', null],
    ]);
    // closed, and its list not loaded, until asked for
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(panel.className).toMatch(/(^| )hidden( |$)/);
    expect(within(panel).queryAllByRole('link')).toHaveLength(0);
  });

  it('opens on a click, loads the classes, follows a link and closes', async () => {
    const { button, panel } = await openStores();
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(panel.className).not.toMatch(/(^| )hidden( |$)/);
    const top = await within(panel).findByRole('link', { name: '数码' }, { timeout: 5000 });
    expect(decodeSearch(top.getAttribute('href')!.slice(3))).toEqual({ pid: 1, class_id: [111, 112, 12] });
    fireEvent.click(within(panel).getByRole('link', { name: '老人机' }));
    await waitFor(() => expect(window.location.pathname).toMatch(/^\/s\//));
  });

  it('phones: a toggle beside each top class opens its sub-levels (a tap on the name follows the link)', async () => {
    const { button, panel } = await openStores();
    fireEvent.click(button);
    await within(panel).findByRole('link', { name: '数码' }, { timeout: 5000 });
    const toggle = within(panel).getByRole('button', { name: '数码 的子分类' });
    const sub = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    // hidden on phones until asked for; wide screens show it on hover or focus
    expect(sub.className).toMatch(/(^| )hidden( |$)/);
    expect(sub.className).toContain('lg:group-hover:block');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(sub.className).toMatch(/(^| )block( |$)/);
    expect(within(sub).getByRole('link', { name: '老人机' })).toBeTruthy();
    fireEvent.click(toggle);
    expect(sub.className).toMatch(/(^| )hidden( |$)/);
  });

  it('opens on hover and closes when the pointer leaves', async () => {
    const { button, box } = await openStores();
    fireEvent.mouseEnter(box);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.mouseLeave(box);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('keyboard: focus does not open it; Enter / Space toggle, ArrowDown opens and moves in, Escape closes with focus back, leaving closes', async () => {
    const { button, panel } = await openStores();
    // tabbing onto the button opens nothing (a following Enter closed what focus had opened)
    act(() => button.focus());
    fireEvent.focus(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    // Enter or Space on a button is a click with detail 0: it toggles
    fireEvent.click(button, { detail: 0 });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(button, { detail: 0 });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    // ArrowDown opens it; once the list is there, ArrowDown moves into it
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const link = await within(panel).findByRole('link', { name: '数码' }, { timeout: 5000 });
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(link);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
    // other keys do nothing
    fireEvent.keyDown(button, { key: 'ArrowUp' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button, { detail: 0 });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.blur(button, { relatedTarget: within(screen.getByRole('navigation', { name: '主导航' })).getByRole('link', { name: '首页' }) });
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('a pointer click after the hover that opened it keeps it open', async () => {
    const { button, box } = await openStores();
    fireEvent.mouseEnter(box);
    fireEvent.click(button, { detail: 1 });
    expect(button.getAttribute('aria-expanded')).toBe('true');
  });
});
