import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import UserInfoDialog from '../../../src/backoffice/shell/UserInfoDialog';
import { getShellActor } from '../../../src/backoffice/shell/shellActor';
import { expressesPage } from '../../../src/backoffice/views/Admin/exts/expresses';
import { fakeFetch, renderWithApp, resetApp, useMessages } from '../helpers';
import { API, callsTo, couriers, failure, listAnswer, mountTable, ok } from './setup';

const dialog = () => screen.getByRole('dialog');

/** Issue 15: forms mark required fields, clear an error once fixed, count instead of cutting, keep what was typed. */
describe('forms', () => {
  afterEach(() => resetApp('/'));

  it('marks the required fields', async () => {
    mountTable(expressesPage, { [`GET ${API}`]: listAnswer(couriers(1, 1)) });
    await screen.findByText('courier 1');
    fireEvent.click(screen.getByRole('button', { name: '添加' }));
    const name = within(dialog()).getByLabelText('公司名称');
    expect(name.getAttribute('aria-required')).toBe('true');
    const label = document.querySelector(`label[for="${name.id}"]`)!;
    expect(label.querySelector('[data-required]')!.className).toContain("after:content-['*']");
  });

  it('an error stays while the field is still wrong and goes as soon as it is right', async () => {
    mountTable(expressesPage, { [`GET ${API}`]: listAnswer(couriers(1, 1)) });
    await screen.findByText('courier 1');
    fireEvent.click(screen.getByRole('button', { name: '添加' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: '提交' }));
    const code = within(dialog()).getByLabelText(/快递编码/);
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    fireEvent.change(code, { target: { value: 'bad code!' } });
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(code.getAttribute('aria-describedby')!.split(' ')[0])!.textContent).toBe('格式不正确。');
    fireEvent.change(code, { target: { value: 'SF' } });
    expect(code.getAttribute('aria-invalid')).toBeNull();
    // the other field keeps its error until it is fixed
    expect(within(dialog()).getByLabelText(/公司名称/).getAttribute('aria-invalid')).toBe('true');
  });

  it('a length limit shows a counter; a longer text is kept (not cut), counted red and refused before sending', async () => {
    const { calls } = mountTable(expressesPage, { [`GET ${API}`]: listAnswer(couriers(1, 1)), [`POST ${API}`]: ok({ id: 9 }) });
    await screen.findByText('courier 1');
    fireEvent.click(screen.getByRole('button', { name: '添加' }));
    const name = within(dialog()).getByLabelText(/公司名称/) as HTMLInputElement;
    expect(name.getAttribute('maxlength')).toBeNull();
    // a real courier name fits (the limit was 10)
    fireEvent.change(name, { target: { value: 'SF Express International' } });
    expect(within(dialog()).getByText('24/30')).toBeTruthy();
    const long = 'x'.repeat(31);
    fireEvent.change(name, { target: { value: long } });
    expect(name.value).toBe(long);
    const counter = within(dialog()).getByText('31/30');
    expect(counter.className).toContain('text-red-700');
    fireEvent.change(within(dialog()).getByLabelText(/快递编码/), { target: { value: 'SF' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: '提交' }));
    expect(await within(dialog()).findByText('最多 30 个字符。')).toBeTruthy();
    expect(callsTo(calls, 'POST', API)).toHaveLength(0);
  });

  it('the user-info dialog keeps what was typed when the server refuses, naming the field by its label', async () => {
    resetApp('/Admin/dashboard');
    useMessages('zh-cn');
    localStorage.setItem('admin_token', 'adm');
    const { calls } = fakeFetch({
      'POST /api/Admin/auth/info': ok({ id: 1, nickname: 'Root', avatar: '' }),
      'POST /api/Admin/auth/edit': failure(422, 'password 至少需要 6 个字符。', { field: 'password' }),
    });
    const actor = getShellActor(0);
    renderWithApp(<UserInfoDialog area={0} actor={actor} />);
    act(() => actor.send({ type: 'USERDIALOG.OPEN' }));
    const nickname = (await screen.findByLabelText(/昵称/)) as HTMLInputElement;
    await waitFor(() => expect(nickname.value).toBe('Root'));
    fireEvent.change(nickname, { target: { value: '新的昵称' } });
    const password = screen.getByLabelText('密码');
    fireEvent.change(password, { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: /保存|提交|确定/ }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/Admin/auth/edit')).toHaveLength(1));
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(nickname.value).toBe('新的昵称');
    const message = document.getElementById(password.getAttribute('aria-describedby')!.split(' ')[0])!.textContent;
    expect(message).toBe('密码 至少需要 6 个字符。');
    // fixing the field clears its error
    fireEvent.change(password, { target: { value: '1234567' } });
    expect(password.getAttribute('aria-invalid')).toBeNull();
    // no raw file input box beside the avatar: a styled button over a hidden input
    const file = document.querySelector('input[type="file"]')!;
    expect(file.className).toContain('sr-only');
    expect(file.closest('label')!.textContent).toBe('上传图片');
  });
});
