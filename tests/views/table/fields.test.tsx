import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { FormFieldControl } from '../../../src/backoffice/fields/FormFieldControl';
import { fromInputValue, rangeValue, toInputValue } from '../../../src/backoffice/fields/DateFields';
import { parseStored, RICH_TEXT_SEPARATOR, storeRichText } from '../../../src/backoffice/fields/richText';
import { NestedTable } from '../../../src/backoffice/table/nestedTable';
import { TablePage } from '../../../src/backoffice/table/TablePage';
import type { DictData, FormField, Values } from '../../../src/backoffice/table/types';
import { fakeFetch, renderWithApp, resetApp, useMessages, type RecordedCall } from '../helpers';
import zh from '../../../locales/zh-cn.json';
import { clearToasts, couriers, giveScrollAreaHeight, listAnswer, ok, queryOf } from './setup';

const NOT_IMAGE_TEXT = (zh as Record<string, string>)['upload.notImage'];

/** One field bound to local state; the latest value is exposed for assertions. */
function mountField(field: FormField, initial: unknown = '', dicts: DictData = {}, answers: Parameters<typeof fakeFetch>[0] = {}) {
  resetApp('/Admin/expresses');
  clearToasts();
  useMessages('zh-cn');
  localStorage.setItem('admin_token', 'adm');
  giveScrollAreaHeight();
  const fetch = fakeFetch(answers);
  const seen: { value: unknown } = { value: initial };
  function Host() {
    const [values, setValues] = useState<Values>({ [field.value]: initial });
    const setValue = (name: string, v: unknown) => {
      if (name === field.value) seen.value = v;
      setValues((prev) => ({ ...prev, [name]: v }));
    };
    // a table page provides itself to the record pickers of its forms
    return (
      <NestedTable.Provider value={TablePage}>
        <FormFieldControl field={field} value={values[field.value]} onChange={(v) => setValue(field.value, v)} dicts={dicts} area={0} values={values} setValue={setValue} mode="add" />
      </NestedTable.Provider>
    );
  }
  renderWithApp(<Host />);
  return { seen, ...fetch };
}

describe('form fields', () => {
  afterEach(() => resetApp('/'));

  it('textarea: counter and a default limit of 15 characters', () => {
    mountField({ label: 'table.remark', value: 'remark', type: 'textarea' }, 'abc');
    const area = screen.getByLabelText('备注') as HTMLTextAreaElement;
    // counted, not cut (issue 15): the limit is a rule, the counter turns red past it
    expect(area.getAttribute('maxlength')).toBeNull();
    expect(screen.getByText('3/15')).toBeTruthy();
    expect(area.getAttribute('aria-describedby')).toContain(screen.getByText('3/15').id);
  });

  it('a field shown read-only (disabled) has no counter: there is nothing to type', () => {
    mountField({ label: 'table.remark', value: 'remark', type: 'textarea', disabled: true, maxLength: 500 }, 'the review text');
    const area = screen.getByLabelText('备注') as HTMLTextAreaElement;
    expect(area.disabled).toBe(true);
    expect(screen.queryByText('15/500')).toBeNull();
    mountField({ label: 'table.name', value: 'name', type: 'text', disabled: true, maxLength: 30 }, 'fixed');
    expect(screen.queryByText('5/30')).toBeNull();
  });

  it('switch stores 1 / 0; radio and checkbox store the valueName of the options', () => {
    const { seen } = mountField({ label: 'table.status', value: 'status', type: 'switch' }, 0);
    const sw = screen.getByRole('switch', { name: '状态' });
    fireEvent.click(sw);
    expect(seen.value).toBe(1);
    expect(sw.getAttribute('aria-checked')).toBe('true');

    const dicts = { roles: [{ name: '管理员', id: 3 }, { name: '客服', id: 4 }] };
    const radio = mountField({ label: 'table.name', value: 'role_id', type: 'radio', dict: 'roles', labelName: 'name', valueName: 'id' }, '', dicts);
    fireEvent.click(within(screen.getByRole('radiogroup', { name: '名称' })).getByLabelText('客服'));
    expect(radio.seen.value).toBe(4);

    const boxes = mountField({ label: 'table.name', value: 'role_ids', type: 'checkbox', dict: 'roles', labelName: 'name', valueName: 'id' }, [], dicts);
    fireEvent.click(screen.getByLabelText('管理员'));
    fireEvent.click(screen.getByLabelText('客服'));
    fireEvent.click(screen.getByLabelText('管理员'));
    expect(boxes.seen.value).toEqual([4]);
  });

  it('dates: YYYY-MM-DD, YYYY-MM-DD HH:mm:ss, ranges as two strings', () => {
    expect(fromInputValue('2024-03-04T05:06:07', true)).toBe('2024-03-04 05:06:07');
    expect(fromInputValue('2024-03-04', false)).toBe('2024-03-04');
    expect(toInputValue('2024-03-04 05:06:07', true)).toBe('2024-03-04T05:06:07');
    expect(toInputValue('', true)).toBe('');
    expect(rangeValue('2024-01-01', '2024-01-31')).toEqual(['2024-01-01 00:00:00', '2024-01-31 23:59:59']);
    const { seen } = mountField({ label: 'table.createdAt', value: 'created_at', type: 'daterange' }, []);
    fireEvent.change(screen.getByLabelText('开始时间'), { target: { value: '2024-02-01' } });
    fireEvent.change(screen.getByLabelText('结束时间'), { target: { value: '2024-02-03' } });
    expect(seen.value).toEqual(['2024-02-01 00:00:00', '2024-02-03 23:59:59']);
  });

  it('lazy cascader: GET lazyUrl with pid 0, then the node code; stores the path', async () => {
    const levels: Record<string, unknown[]> = {
      '0': [{ id: 1, code: '44', name: '广东省', has_children: { id: 2 } }],
      '44': [{ id: 2, code: '4401', name: '广州市', has_children: null }],
    };
    const { seen, calls } = mountField(
      { label: 'table.name', value: 'area', type: 'cascader', lazyUrl: '/Admin/areas?isChildren=true', lazyKey: 'code' },
      [],
      {},
      { 'GET /api/Admin/areas': (call: RecordedCall) => ok(levels[queryOf(call).pid] ?? []) },
    );
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(queryOf(calls[0])).toEqual({ isChildren: 'true', pid: '0' });
    fireEvent.click(screen.getByRole('button', { name: /名称/ }));
    fireEvent.click(await screen.findByRole('button', { name: '广东省' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(queryOf(calls[1])).toEqual({ isChildren: 'true', pid: '44' });
    fireEvent.click(await screen.findByRole('button', { name: '广州市' }));
    await waitFor(() => expect(seen.value).toEqual([1, 2]));
    await waitFor(() => expect(screen.getByRole('button', { name: /名称/ }).textContent).toContain('广东省 / 广州市'));
  });

  it('static cascader: many leaf paths by checkbox; checkStrictly picks a branch and keeps the panel open', async () => {
    const tree = [{ label: '数码', value: 1, children: [{ label: '手机', value: 11 }, { label: '耳机', value: 12 }] }, { label: '服饰', value: 2 }];
    const many = mountField({ label: 'table.name', value: 'classes', type: 'cascader', dict: 'tree', multiple: true }, [], { tree });
    fireEvent.click(screen.getByRole('button', { name: /名称/ }));
    expect(screen.getByRole('button', { name: '数码' }).getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: '数码' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: '耳机' }));
    await waitFor(() => expect(many.seen.value).toEqual([[1, 12]]));
    fireEvent.click(screen.getByRole('checkbox', { name: '服饰' }));
    await waitFor(() => expect(many.seen.value).toEqual([[1, 12], [2]]));
    expect(screen.getByRole('button', { name: /名称/ }).textContent).toContain('数码 / 耳机, 服饰');
    fireEvent.click(screen.getByRole('checkbox', { name: '耳机' }));
    await waitFor(() => expect(many.seen.value).toEqual([[2]]));

    const strict = mountField({ label: 'table.name', value: 'pid', type: 'cascader', dict: 'tree', checkStrictly: true, emitPath: false }, '', { tree });
    fireEvent.click(screen.getByRole('button', { name: /名称/ }));
    fireEvent.click(screen.getByRole('button', { name: '数码' }));
    await waitFor(() => expect(strict.seen.value).toBe(1));
    expect(screen.getByRole('button', { name: '数码' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(await screen.findByRole('button', { name: '手机' }));
    await waitFor(() => expect(strict.seen.value).toBe(11));
    await waitFor(() => expect(screen.queryByRole('button', { name: '手机' })).toBeNull());
    expect(screen.getByRole('button', { name: /名称/ }).textContent).toContain('数码 / 手机');
  });

  it('image upload posts multipart to the area uploads with name = the field; file uploads add uploadType', async () => {
    const image = mountField({ label: 'table.name', value: 'logo', type: 'image' }, '', {}, { 'POST /api/Admin/uploads': ok('/uploads/logo/a.png') });
    fireEvent.change(screen.getByLabelText('名称'), { target: { files: [new File(['x'], 'a.png', { type: 'image/png' })] } });
    await waitFor(() => expect(image.seen.value).toBe('/uploads/logo/a.png'));
    const form = image.calls[0].body as FormData;
    expect(form.get('name')).toBe('logo');
    expect(form.get('uploadType')).toBeNull();
    expect(screen.getByRole('img', { name: '名称 1' }).getAttribute('src')).toBe('/uploads/logo/a.png');

    const file = mountField({ label: 'table.name', value: 'apk', type: 'file' }, '', {}, { 'POST /api/Admin/uploads': ok('/uploads/apk/app.apk') });
    fireEvent.change(screen.getByLabelText('名称'), { target: { files: [new File(['x'], 'app.apk', { type: 'application/octet-stream' })] } });
    await waitFor(() => expect(file.seen.value).toBe('/uploads/apk/app.apk'));
    expect((file.calls[0].body as FormData).get('uploadType')).toBe('uploadFile');
    expect(screen.getByText('/uploads/apk/app.apk')).toBeTruthy();
  });

  it('image upload refuses a non-image before any request', async () => {
    const { calls } = mountField({ label: 'table.name', value: 'logo', type: 'image' }, '', {}, {});
    fireEvent.change(screen.getByLabelText('名称'), { target: { files: [new File(['x'], 'a.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText(NOT_IMAGE_TEXT)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('table picker: confirm needs a selection; the chosen id and name are kept, many = comma ids', async () => {
    const answers = { 'GET /api/Admin/stores': listAnswer(couriers(1, 5)) };
    const single = mountField({ label: 'table.name', value: 'store_id', type: 'table_select', pageUrl: '/Admin/stores' }, '', {}, answers);
    expect(screen.getByText('未选择')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /名称/ }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('courier 2');
    expect(within(dialog).queryByRole('button', { name: '添加' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: '编辑' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('请先选择操作数据。')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '选择 courier 2' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(single.seen.value).toBe(2);
    expect(screen.getByText('courier 2')).toBeTruthy();

    const many = mountField({ label: 'table.name', value: 'store_ids', type: 'table_select', pageUrl: '/Admin/stores', many: true }, '', {}, answers);
    fireEvent.click(screen.getByRole('button', { name: /名称/ }));
    const picker = await screen.findByRole('dialog');
    await within(picker).findByText('courier 3');
    fireEvent.click(within(picker).getByRole('checkbox', { name: '选择 courier 1' }));
    fireEvent.click(within(picker).getByRole('checkbox', { name: '选择 courier 3' }));
    fireEvent.click(within(picker).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(many.seen.value).toBe('1,3'));
    expect(screen.getByText('courier 1, courier 3')).toBeTruthy();
  });

  it('table picker shows the stored record name when editing (ids looked up with id|in)', async () => {
    const { calls } = mountField({ label: 'table.name', value: 'store_id', type: 'table_select', pageUrl: '/Admin/stores' }, 4, {}, { 'GET /api/Admin/stores': listAnswer(couriers(4, 4)) });
    expect(await screen.findByText('courier 4')).toBeTruthy();
    expect(queryOf(calls[0])).toEqual({ id: '4|in', isAll: '1' });
  });
});

describe('rich text', () => {
  afterEach(() => resetApp('/'));

  it('stores html + separator + JSON and restores from the JSON part, or from HTML without a separator', () => {
    const doc = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'hi' }] }] };
    const stored = storeRichText('<p>hi</p>', doc);
    expect(stored).toBe(`<p>hi</p>${RICH_TEXT_SEPARATOR}${JSON.stringify(doc)}`);
    expect(parseStored(stored)).toEqual({ html: '<p>hi</p>', doc });
    expect(parseStored('<p>legacy</p>')).toEqual({ html: '<p>legacy</p>', doc: null });
    expect(parseStored(`<p>x</p>${RICH_TEXT_SEPARATOR}not json`)).toEqual({ html: '<p>x</p>', doc: null });
    // the server's format for HTML that came without a document (plain-HTML clients, migrated
    // goods content and after-sale text): an empty document, rebuilt from the HTML
    const empty = { type: 'doc', content: [] };
    expect(parseStored(`<p>migrated</p>${RICH_TEXT_SEPARATOR}${JSON.stringify(empty)}`)).toEqual({ html: '<p>migrated</p>', doc: null });
    expect(parseStored(`${RICH_TEXT_SEPARATOR}${JSON.stringify(empty)}`)).toEqual({ html: '', doc: empty });
  });

  it('the editor loads lazily and restores a stored document from its JSON part, or from plain HTML', async () => {
    const doc = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'from json' }] }] };
    mountField({ label: 'table.remark', value: 'content', type: 'editor' }, storeRichText('<p>from html</p>', doc));
    const box = await screen.findByRole('textbox', { name: '备注' }, { timeout: 15000 });
    expect(box.textContent).toBe('from json');
    expect(screen.getByRole('toolbar', { name: '编辑工具' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '粗体' })).toBeTruthy();
    const legacy = mountField({ label: 'table.remark', value: 'content', type: 'editor' }, '<p>only <b>html</b></p>');
    const legacyBox = await screen.findByRole('textbox', { name: '备注' }, { timeout: 15000 });
    expect(legacyBox.textContent).toBe('only html');
    expect(legacy.seen.value).toBe('<p>only <b>html</b></p>');
    mountField({ label: 'table.remark', value: 'content', type: 'editor' }, `<p>migrated <b>goods</b></p>${RICH_TEXT_SEPARATOR}{"type":"doc","content":[]}`);
    const migratedBox = await screen.findByRole('textbox', { name: '备注' }, { timeout: 15000 });
    expect(migratedBox.textContent).toBe('migrated goods');
  }, 40000);
});
