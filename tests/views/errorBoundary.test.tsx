import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormFieldControl } from '../../src/backoffice/fields/FormFieldControl';
import { parseStored, RICH_TEXT_SEPARATOR } from '../../src/backoffice/fields/richText';
import type { FormField, Values } from '../../src/backoffice/table/types';
import { ErrorBoundary } from '../../src/ui/ErrorBoundary';
import en from '../../locales/en.json';
import { fakeFetch, renderWithApp, resetApp, useMessages } from './helpers';

function Boom({ when }: { when: boolean }) {
  if (when) throw new Error('bad field value');
  return <p>fine</p>;
}

describe('ErrorBoundary', () => {
  afterEach(() => {
    resetApp('/');
    vi.restoreAllMocks();
  });

  it('shows the fallback instead of a throwing part, and renders it again under a new key', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Host() {
      const [key, setKey] = useState(1);
      return (
        <>
          <button type="button" onClick={() => setKey(2)}>
            next
          </button>
          <p>sibling</p>
          <ErrorBoundary key={key} fallback={<p role="alert">failed</p>}>
            <Boom when={key === 1} />
          </ErrorBoundary>
        </>
      );
    }
    render(<Host />);
    expect(screen.getByRole('alert').textContent).toBe('failed');
    expect(screen.getByText('sibling')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'next' }));
    expect(screen.getByText('fine')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('one bad form field never blanks the form: the others keep working', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    resetApp('/Admin/articles');
    useMessages('en');
    const bad: FormField = { label: 'table.remark', value: 'content', type: 'custom', render: () => <Boom when /> };
    const good: FormField = { label: 'table.remark', value: 'name', type: 'text' };
    function Form() {
      const [values, setValues] = useState<Values>({ content: 'x', name: 'kept' });
      const setValue = (name: string, v: unknown) => setValues((prev) => ({ ...prev, [name]: v }));
      return (
        <form>
          {[bad, good].map((field) => (
            <FormFieldControl key={field.value} field={field} value={values[field.value]} onChange={(v) => setValue(field.value, v)} dicts={{}} area={0} values={values} setValue={setValue} mode="edit" />
          ))}
        </form>
      );
    }
    renderWithApp(<Form />);
    expect(screen.getByRole('alert').textContent).toBe((en as Record<string, string>)['shell.fieldFailed']);
    const input = screen.getByDisplayValue('kept') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'still editable' } });
    expect(input.value).toBe('still editable');
  });
});

describe('stored editor documents', () => {
  it('a document with a non-string href or src falls back to the HTML instead of crashing the editor', () => {
    const link = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: { evil: 1 } } }] }] }] };
    const image = { type: 'doc', content: [{ type: 'image', attrs: { src: 5 } }] };
    const odd = { type: 'doc', content: { type: 'paragraph' } };
    for (const doc of [link, image, odd]) expect(parseStored(`<p>html</p>${RICH_TEXT_SEPARATOR}${JSON.stringify(doc)}`)).toEqual({ html: '<p>html</p>', doc: null });
    const good = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'https://a.example' } }] }] }] };
    expect(parseStored(`<p>html</p>${RICH_TEXT_SEPARATOR}${JSON.stringify(good)}`).doc).toEqual(good);
  });
});

describe('storefront frame', () => {
  afterEach(() => {
    resetApp('/');
    vi.restoreAllMocks();
  });

  it('a page that throws shows the failed-page notice inside the frame; the header and footer stay', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { ShopLayout } = await import('../../src/shop/layout/ShopLayout');
    resetApp('/');
    useMessages('zh-cn');
    fakeFetch({});
    function Throws(): never {
      throw new Error('page broke');
    }
    renderWithApp(
      <ShopLayout>
        <Throws />
      </ShopLayout>,
    );
    expect(screen.getByRole('alert').textContent).toBeTruthy();
    expect(screen.getByRole('search')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: '主导航' })).toBeTruthy();
    expect(document.querySelector('footer')).toBeTruthy();
  });
});
