import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TopBar } from '../../src/shop/layout/TopBar';
import { renderWithApp, resetApp, useMessages } from './helpers';

/** Issue 15: one language switch for the storefront's top bar and the back office's header (shellEnglish.test.tsx). */
describe('the storefront language switch', () => {
  afterEach(() => {
    localStorage.removeItem('language');
    resetApp('/');
  });

  it('is a labelled group of two pressed-state buttons; choosing English stores it and swaps the messages in place', async () => {
    resetApp('/');
    useMessages('zh-cn');
    renderWithApp(<TopBar />);
    const group = await screen.findByRole('group', { name: '语言' });
    expect(within(group).getByRole('button', { name: '中文' }).getAttribute('aria-pressed')).toBe('true');
    const english = within(group).getByRole('button', { name: 'English' });
    expect(english.getAttribute('aria-pressed')).toBe('false');
    expect(english.getAttribute('lang')).toBe('en');
    fireEvent.click(english);
    await waitFor(() => expect(screen.getByRole('group', { name: 'Language' })).toBeTruthy());
    expect(screen.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem('language')).toBe('en');
  });
});
