import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PageConfig } from '../../../src/backoffice/table/types';
import { expressesPage } from '../../../src/backoffice/views/Admin/exts/expresses';
import { formBody, resetApp, type RecordedCall } from '../helpers';
import { API, bodyRows, callsTo, couriers, failure, listAnswer, mountTable, ok } from './setup';

const dialog = () => screen.getByRole('dialog');

describe('table page: add, edit, view', () => {
  afterEach(() => resetApp('/'));

  it('add: validation errors block the request, then a valid form posts, closes, reloads and toasts', async () => {
    const { calls } = mountTable(expressesPage, {
      [`GET ${API}`]: listAnswer(couriers(1, 3)),
      [`POST ${API}`]: ok({ id: 4, name: '顺丰', code: 'SF' }),
    });
    await screen.findByText('courier 1');
    fireEvent.click(screen.getByRole('button', { name: '添加' }));
    expect(within(dialog()).getByRole('heading', { name: '添加' })).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(within(dialog()).getAllByRole('alert').map((a) => a.textContent)).toEqual(['不能为空。', '不能为空。']));
    const name = within(dialog()).getByLabelText('公司名称');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby')!.split(' ')[0])!.textContent).toBe('不能为空。');
    fireEvent.change(within(dialog()).getByLabelText('快递编码'), { target: { value: 'bad code!' } });
    fireEvent.change(name, { target: { value: '顺丰' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: '提交' }));
    expect(await within(dialog()).findByText('格式不正确。')).toBeTruthy();
    expect(callsTo(calls, 'POST', API)).toHaveLength(0);

    fireEvent.change(within(dialog()).getByLabelText('快递编码'), { target: { value: 'SF' } });
    const listsBefore = callsTo(calls, 'GET', API).length;
    fireEvent.click(within(dialog()).getByRole('button', { name: '提交' }));
    expect(await screen.findByText('操作成功。')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(formBody(callsTo(calls, 'POST', API)[0])).toEqual({ name: '顺丰', code: 'SF' });
    await waitFor(() => expect(callsTo(calls, 'GET', API).length).toBe(listsBefore + 1));
  });

  it('a failed save keeps the dialog open with the server message on the field it names', async () => {
    const { calls } = mountTable(expressesPage, {
      [`GET ${API}`]: listAnswer(couriers(1, 3)),
      [`POST ${API}`]: failure(422, '公司名称已存在', { field: 'name' }),
    });
    await screen.findByText('courier 1');
    fireEvent.click(screen.getByRole('button', { name: '添加' }));
    fireEvent.change(within(dialog()).getByLabelText('公司名称'), { target: { value: '顺丰' } });
    fireEvent.change(within(dialog()).getByLabelText('快递编码'), { target: { value: 'SF' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: '提交' }));
    expect(await within(dialog()).findByText('公司名称已存在')).toBeTruthy();
    expect(within(dialog()).getByLabelText('公司名称').getAttribute('aria-invalid')).toBe('true');
    expect((within(dialog()).getByLabelText('公司名称') as HTMLInputElement).value).toBe('顺丰');
    expect(callsTo(calls, 'POST', API)).toHaveLength(1);
    fireEvent.click(within(dialog()).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('submit shows a loading state while the request runs', async () => {
    let release: (answer: unknown) => void = () => {};
    const pending = new Promise((resolve) => (release = resolve));
    mountTable(expressesPage, {
      [`GET ${API}`]: listAnswer(couriers(1, 3)),
      [`POST ${API}`]: ok({ id: 9 }),
    });
    await screen.findByText('courier 1');
    // Hold the POST: replace fetch's answer for it with a pending one.
    const original = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if ((init?.method ?? 'GET') === 'POST') await pending;
      return original(input, init);
    }) as typeof fetch;
    fireEvent.click(screen.getByRole('button', { name: '添加' }));
    fireEvent.change(within(dialog()).getByLabelText('公司名称'), { target: { value: '顺丰' } });
    fireEvent.change(within(dialog()).getByLabelText('快递编码'), { target: { value: 'SF' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(within(dialog()).getByRole('button', { name: /提交/ }).getAttribute('aria-busy')).toBe('true'));
    release(null);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('edit: loads the record and PUTs only the form fields', async () => {
    const { calls } = mountTable(expressesPage, {
      [`GET ${API}`]: listAnswer(couriers(1, 3)),
      [`GET ${API}/2`]: ok({ id: 2, name: 'courier 2', code: 'C2', created_at: '2024-01-02 03:04:05', deleted_at: null, belong_id: 7 }),
      [`PUT ${API}/2`]: ok({ id: 2 }),
    });
    await screen.findByText('courier 2');
    fireEvent.click(within(bodyRows()[1]).getByRole('button', { name: '编辑' }));
    const name = (await within(dialog()).findByLabelText('公司名称')) as HTMLInputElement;
    expect(name.value).toBe('courier 2');
    fireEvent.change(name, { target: { value: '中通' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: '提交' }));
    expect(await screen.findByText('操作成功。')).toBeTruthy();
    const put = callsTo(calls, 'PUT', `${API}/2`)[0] as RecordedCall;
    expect(formBody(put)).toEqual({ name: '中通', code: 'C2' });
  });

  it('view: shows every column of the fetched record', async () => {
    mountTable(expressesPage, {
      [`GET ${API}`]: listAnswer(couriers(1, 3)),
      [`GET ${API}/3`]: ok({ id: 3, name: '韵达', code: 'YD', created_at: '2024-05-06 07:08:09' }),
    });
    await screen.findByText('courier 3');
    fireEvent.click(within(bodyRows()[2]).getByRole('button', { name: '查看' }));
    expect(await within(dialog()).findByText('韵达')).toBeTruthy();
    const terms = within(dialog()).getAllByRole('term').map((t) => t.textContent);
    const values = within(dialog()).getAllByRole('definition').map((d) => d.textContent);
    expect(terms).toEqual(['ID', '公司名称', '快递编码', '创建时间']);
    expect(values).toEqual(['3', '韵达', 'YD', '2024-05-06 07:08:09']);
  });
});

describe('table page: delete', () => {
  afterEach(() => resetApp('/'));

  it('asks with a warning before deleting one row; cancel does nothing, confirm deletes and reloads', async () => {
    const { calls } = mountTable(expressesPage, {
      [`GET ${API}`]: listAnswer(couriers(1, 3)),
      [`DELETE ${API}/1`]: ok([]),
    });
    await screen.findByText('courier 1');
    fireEvent.click(within(bodyRows()[0]).getByRole('button', { name: '删除' }));
    const box = await screen.findByRole('alertdialog');
    expect(within(box).getByRole('heading').textContent).toContain('警告');
    expect(within(box).getByText('确定要删除选中的数据吗？')).toBeTruthy();
    fireEvent.click(within(box).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsTo(calls, 'DELETE', `${API}/1`)).toHaveLength(0);

    fireEvent.click(within(bodyRows()[0]).getByRole('button', { name: '删除' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('操作成功。')).toBeTruthy();
    expect(callsTo(calls, 'DELETE', `${API}/1`)).toHaveLength(1);
  });

  it('batch delete: select-first message with nothing selected, then one DELETE with comma ids', async () => {
    const { calls } = mountTable(expressesPage, {
      [`GET ${API}`]: listAnswer(couriers(1, 3)),
      [`DELETE ${API}/1,3`]: ok([]),
    });
    await screen.findByText('courier 1');
    const toolbar = screen.getByRole('toolbar', { name: '表格操作' });
    fireEvent.click(within(toolbar).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('请先选择操作数据。')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: '选择 courier 1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '选择 courier 3' }));
    expect(within(toolbar).getByText('已选 2 项')).toBeTruthy();
    fireEvent.click(within(toolbar).getByRole('button', { name: '删除' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(callsTo(calls, 'DELETE', `${API}/1,3`)).toHaveLength(1));
  });

  it('a refused delete shows the server message', async () => {
    mountTable(expressesPage, {
      [`GET ${API}`]: listAnswer(couriers(1, 3)),
      [`DELETE ${API}/2`]: failure(403, '没有权限'),
    });
    await screen.findByText('courier 2');
    fireEvent.click(within(bodyRows()[1]).getByRole('button', { name: '删除' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('没有权限')).toBeTruthy();
    expect(screen.queryByText('操作成功。')).toBeNull();
  });

  /** Is the element, or one of its ancestors, inert (unclickable) right now? */
  const inert = (el: Element) => {
    for (let at: Element | null = el; at; at = at.parentElement) if (at.hasAttribute('inert') || (at as HTMLElement & { inert?: boolean }).inert) return true;
    return false;
  };

  it.each([
    ['a select', { label: 'table.status', value: 'status', type: 'select', options: [{ label: 'A', value: 1 }, { label: 'B', value: 2 }] }, 'button'],
    ['a filterable select', { label: 'table.status', value: 'status', type: 'select', filterable: true, options: [{ label: 'A', value: 1 }, { label: 'B', value: 2 }] }, 'combobox'],
    ['an icon picker', { label: 'table.status', value: 'status', type: 'icon' }, 'combobox'],
  ] as const)('an open list of %s leaves the rest of the dialog usable: one click on Submit submits', async (_name, field, role) => {
    const config: PageConfig = { ...expressesPage, form: { ...expressesPage.form!, add: [...expressesPage.form!.add, field as never] } };
    mountTable(config, { [`GET ${API}`]: listAnswer(couriers(1, 3)), [`POST ${API}`]: ok({ id: 4 }) });
    await screen.findByText('courier 1');
    fireEvent.click(screen.getByRole('button', { name: '添加' }));
    const picker = role === 'button' ? dialog().querySelector<HTMLElement>('[aria-haspopup=listbox]')! : within(dialog()).getAllByRole(role).at(-1)!;
    if (role === 'combobox') {
      fireEvent.focus(picker);
      fireEvent.click(picker);
    }
    fireEvent.keyDown(picker, { key: 'ArrowDown' });
    await waitFor(() => expect(document.querySelectorAll('[role=option]').length).toBeGreaterThan(0));
    const form = document.querySelector('[role=dialog] form')!;
    const submit = [...document.querySelectorAll('[role=dialog] button[type=submit]')].at(-1)!;
    expect(submit.textContent).toBe('提交');
    expect(inert(submit)).toBe(false);
    expect(inert(form.querySelector('input')!)).toBe(false);
  });
});
