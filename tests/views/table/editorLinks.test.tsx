import { screen } from '@testing-library/react';
import { find } from 'linkifyjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormFieldControl } from '../../../src/backoffice/fields/FormFieldControl';
import type { FormField } from '../../../src/backoffice/table/types';
import { renderWithApp, resetApp, useMessages } from '../helpers';

/**
 * QA: opening a second rich-text editor logged `linkifyjs: already initialized - will not
 * register custom scheme "http"`: every editor's Link extension registered http, https and
 * mailto again. Those are linkify's own schemes; the Link extension registers none now, and
 * links of those schemes still load and autolink.
 */
/** linkifyjs keeps the console.warn it finds when it loads: record from before any import. */
const warnings = vi.hoisted(() => {
  const calls: unknown[][] = [];
  const original = console.warn;
  console.warn = (...args: unknown[]) => {
    calls.push(args);
  };
  return { calls, original };
});

const field = (value: string): FormField => ({ label: 'table.remark', value, type: 'editor' });

describe('rich-text editor links', () => {
  afterEach(() => {
    console.warn = warnings.original;
    resetApp('/');
  });

  it('a second editor registers no linkify scheme again; http(s) and mailto links stay links', async () => {
    resetApp('/Admin/notices');
    useMessages('zh-cn');
    const html = '<p><a href="https://example.com/a">web</a> <a href="mailto:ops@example.com">mail</a> <a href="javascript:alert(1)">bad</a></p>';
    renderWithApp(
      <>
        <FormFieldControl field={field('a')} value={html} onChange={() => {}} dicts={{}} area={0} values={{}} setValue={() => {}} mode="add" />
      </>,
    );
    const first = await screen.findByRole('textbox', { name: '备注' }, { timeout: 15000 });
    // the first editor has linkified something: linkify is initialised from here on
    expect(find('see https://example.org').map((l) => l.href)).toEqual(['https://example.org']);

    renderWithApp(<FormFieldControl field={field('b')} value="<p>two</p>" onChange={() => {}} dicts={{}} area={0} values={{}} setValue={() => {}} mode="add" />);
    expect(await screen.findAllByRole('textbox', { name: '备注' }, { timeout: 15000 })).toHaveLength(2);
    const linkifyWarnings = warnings.calls.filter((args) => String(args[0]).includes('linkifyjs'));
    expect(linkifyWarnings).toEqual([]);

    const hrefs = [...first.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['https://example.com/a', 'mailto:ops@example.com']);
    expect(first.textContent).toBe('web mail bad');
  }, 40000);
});
