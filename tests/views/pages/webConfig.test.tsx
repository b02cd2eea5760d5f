import { fireEvent, screen, waitFor } from '@testing-library/react';
import qs from 'qs';
import { afterEach, describe, expect, it } from 'vitest';
import WebConfigPage from '../../../src/backoffice/views/Admin/configs/web';
import { envelope, fakeFetch, resetApp, type RecordedCall } from '../helpers';
import { freshPage, queryOf, renderView } from './pageHelpers';

const web = {
  web_name: 'Souk 商城',
  index_name: 'Souk',
  keyword: '商城',
  description: '描述',
  logo: '',
  tel: '13800000000',
  mobile: '010-1',
  email: 'a@b.cn',
  icp: '',
  close_status: '1',
  close_reason: '',
};

/** The upload config as a careless server might send it: the secret value itself must never show. */
const upload = { save_type: true, key: 'KEY-ID', access: 'TOP-SECRET-VALUE', access_set: true, bucket: 'b', endpoint: 'oss.example.com', cdn: '', ssl: false };

const putBody = (call: RecordedCall) => qs.parse(String(call.body)) as Record<string, Record<string, string> | string>;

function fakeConfigs(uploadExtra: Record<string, unknown> = {}) {
  return fakeFetch({
    'GET /api/Admin/configs': (call) => envelope(queryOf(call.url).get('name') === 'upload' ? { ...upload, ...uploadExtra } : web),
    'PUT /api/Admin/configs/update': envelope({}),
  });
}

describe('web config form (Admin/configs/web)', () => {
  afterEach(() => resetApp('/'));

  it('loads the site tab by name list and saves only its own scalar fields', async () => {
    freshPage('/Admin/configs/web');
    const { calls } = fakeConfigs();
    renderView(WebConfigPage, 0, '/Admin/configs/web');

    const name = (await screen.findByRole('textbox', { name: '网站名称' })) as HTMLInputElement;
    expect(name.value).toBe('Souk 商城');
    expect(queryOf(calls[0].url).getAll('name[]')).toContain('close_reason');
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('不能为空。')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: '邮箱' }), { target: { value: 'not-an-email' } });
    fireEvent.change(name, { target: { value: '新名字' } });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('邮箱格式不正确')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(screen.getByRole('textbox', { name: '邮箱' }), { target: { value: 'x@y.cn' } });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const body = putBody(calls.find((c) => c.method === 'PUT')!);
    expect(Object.keys(body).sort()).toEqual(Object.keys(web).sort());
    expect(body.web_name).toBe('新名字');
    expect(body.email).toBe('x@y.cn');
  });

  it('never shows a saved secret, says whether one is set, and keeps it when left blank', async () => {
    freshPage('/Admin/configs/web');
    const { calls } = fakeConfigs();
    const { container } = renderView(WebConfigPage, 0, '/Admin/configs/web');
    await screen.findByRole('textbox', { name: '网站名称' });

    fireEvent.click(screen.getByRole('tab', { name: '上传配置' }));
    const secret = (await screen.findByLabelText(/AccessKeySecret/, { selector: 'input[type=password]' })) as HTMLInputElement;
    expect(secret.type).toBe('password');
    expect(secret.value).toBe('');
    expect(screen.getByText('已设置')).toBeTruthy();
    expect(container.innerHTML).not.toContain('TOP-SECRET-VALUE');
    expect((screen.getByRole('textbox', { name: 'AccessKeyId' }) as HTMLInputElement).value).toBe('KEY-ID');
    // no environment driver in this answer: no notice that the environment wins
    expect(screen.queryByText(/UPLOAD_DRIVER=/)).toBeNull();

    fireEvent.change(screen.getByRole('textbox', { name: 'Bucket' }), { target: { value: 'souk' } });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const body = putBody(calls.find((c) => c.method === 'PUT')!);
    const sent = body.upload as Record<string, string>;
    expect(sent.access).toBe('');
    expect(sent.bucket).toBe('souk');
    expect(sent.save_type).toBe('true');
    expect(Object.keys(sent).some((k) => k.endsWith('_set'))).toBe(false);
    expect(Object.keys(body)).toEqual(['upload']);
    // Saved: the tab reloads (blank secret again).
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && queryOf(c.url).get('name') === 'upload')).toHaveLength(2));
  });

  it('says so when the environment fixes the upload driver (UPLOAD_DRIVER wins over the settings)', async () => {
    freshPage('/Admin/configs/web');
    fakeConfigs({ env_driver: 's3' });
    renderView(WebConfigPage, 0, '/Admin/configs/web');
    await screen.findByRole('textbox', { name: '网站名称' });
    fireEvent.click(screen.getByRole('tab', { name: '上传配置' }));
    const notice = await screen.findByText('服务器环境变量已设置 UPLOAD_DRIVER=s3：上传使用该存储，设置期间下面的配置不生效。');
    expect(notice.getAttribute('role')).toBe('status');
  });

  it('clears a saved secret only when asked: the box sends `<secret>_clear`, the secret itself blank', async () => {
    freshPage('/Admin/configs/web');
    const { calls } = fakeConfigs();
    renderView(WebConfigPage, 0, '/Admin/configs/web');
    await screen.findByRole('textbox', { name: '网站名称' });
    fireEvent.click(screen.getByRole('tab', { name: '上传配置' }));
    const secret = (await screen.findByLabelText(/AccessKeySecret/, { selector: 'input[type=password]' })) as HTMLInputElement;
    fireEvent.change(secret, { target: { value: 'typed' } });
    const clear = screen.getByRole('checkbox', { name: '保存时清除已保存的AccessKeySecret' }) as HTMLInputElement;
    fireEvent.click(clear);
    expect(secret.disabled).toBe(true);
    expect(secret.value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const sent = putBody(calls.find((c) => c.method === 'PUT')!).upload as Record<string, string>;
    expect(sent.access).toBe('');
    expect(sent.access_clear).toBe('1');
    // The other fields are sent as they are, and no other secret is cleared.
    expect(Object.keys(sent).filter((k) => k.endsWith('_clear'))).toEqual(['access_clear']);
  });
});
