import { fireEvent, screen, waitFor } from '@testing-library/react';
import qs from 'qs';
import { afterEach, describe, expect, it } from 'vitest';
import zh from '../../../locales/zh-cn.json';
import PayConfigPage from '../../../src/backoffice/views/Admin/configs/pay';
import WebConfigPage, { WEB_TABS } from '../../../src/backoffice/views/Admin/configs/web';
import { envelope, fakeFetch, resetApp, type RecordedCall } from '../helpers';
import { freshPage, queryOf, renderView } from './pageHelpers';

/** The payment and timed-task settings of `/Admin/configs` (issue 12): shown, saved, secrets never sent back. */

const wechatwap = {
  mp_app_id: 'wx123', mch_id: '1900000001', mch_secret_key: 'LEAKED-KEY', mch_secret_key_set: true, mch_secret_cert: '', mch_secret_cert_set: false,
  mch_public_cert_path: '/certs/apiclient_cert.pem', mch_serial_no: '5157F09EFDC096DE15EBE81A47057A72', wechat_public_key_id: 'PUB_KEY_ID_0001',
  wechat_public_key_path: '/certs/pub_key.pem', notify_url: '',
};

const putBody = (call: RecordedCall) => qs.parse(String(call.body)) as Record<string, Record<string, string> | string>;
const text = zh as Record<string, string>;

describe('payment settings (Admin/configs/pay)', () => {
  afterEach(() => resetApp('/'));

  it('loads a channel, shows the APIv3 fields, never shows a saved key, and saves the channel alone', async () => {
    freshPage('/Admin/configs/pay');
    const { calls } = fakeFetch({
      'GET /api/Admin/configs': envelope(wechatwap),
      'PUT /api/Admin/configs/update': envelope({}),
    });
    const { container } = renderView(PayConfigPage, 0, '/Admin/configs/pay');
    const serial = (await screen.findByRole('textbox', { name: text['page.configs.pay.mchSerialNo'] })) as HTMLInputElement;
    expect(serial.value).toBe('5157F09EFDC096DE15EBE81A47057A72');
    expect(queryOf(calls[0].url).get('name')).toBe('pay');
    expect(queryOf(calls[0].url).get('many_name')).toBe('wechatwap');
    expect((screen.getByRole('textbox', { name: text['page.configs.pay.wechatPublicKeyId'] }) as HTMLInputElement).value).toBe('PUB_KEY_ID_0001');
    expect(container.innerHTML).not.toContain('LEAKED-KEY');
    const key = screen.getByLabelText(new RegExp(text['page.configs.pay.mchSecretKey']), { selector: 'input[type=password]' }) as HTMLInputElement;
    expect(key.value).toBe('');

    fireEvent.change(screen.getByRole('textbox', { name: text['page.configs.pay.mchId'] }), { target: { value: '1900000002' } });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const body = putBody(calls.find((c) => c.method === 'PUT')!);
    expect(body.many_name).toBe('wechatwap');
    const sent = body.pay as Record<string, string>;
    expect(sent.mch_id).toBe('1900000002');
    expect(sent.mch_secret_key).toBe('');
    expect(sent.wechat_public_key_path).toBe('/certs/pub_key.pem');
    expect(Object.keys(sent).some((k) => k.endsWith('_set'))).toBe(false);
  });
});

describe('timed-task settings (Admin/configs/web, tab 定时任务)', () => {
  afterEach(() => resetApp('/'));

  it('shows every task setting with its label and unit, and saves the task group', async () => {
    const task = WEB_TABS.find((tab) => tab.key === 'task')!;
    const saved = Object.fromEntries(task.fields.map((field, i) => [field.name, String(i + 3)]));
    freshPage('/Admin/configs/web');
    const { calls } = fakeFetch({
      'GET /api/Admin/configs': (call) => envelope(queryOf(call.url).get('name') === 'task' ? saved : { web_name: 'Souk', close_status: '1' }),
      'PUT /api/Admin/configs/update': envelope({}),
    });
    renderView(WebConfigPage, 0, '/Admin/configs/web');
    await screen.findByRole('textbox', { name: '网站名称' });
    fireEvent.click(screen.getByRole('tab', { name: text['page.configs.tab.task'] }));
    for (const field of task.fields) {
      const input = (await screen.findByLabelText(text[field.label])) as HTMLInputElement;
      expect(input.value).toBe(saved[field.name]);
      expect(field.suffix && text[field.suffix]).toBeTruthy();
    }
    const first = task.fields[0];
    fireEvent.change(screen.getByLabelText(text[first.label]), { target: { value: '45' } });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const sent = putBody(calls.find((c) => c.method === 'PUT')!).task as Record<string, string>;
    expect(Object.keys(sent).sort()).toEqual(task.fields.map((f) => f.name).sort());
    expect(sent[first.name]).toBe('45');
  });

  it("shows the server's default where nothing is saved (the seed has no after-sale days), marked required, so the tab saves as it is", async () => {
    freshPage('/Admin/configs/web');
    const { calls } = fakeFetch({
      // as seeded: no `refund`
      'GET /api/Admin/configs': (call) => envelope(queryOf(call.url).get('name') === 'task' ? { cancel_minutes: '30', confirm: '4', settlement: '7', comment: '7' } : { web_name: 'Souk' }),
      'PUT /api/Admin/configs/update': envelope({}),
    });
    renderView(WebConfigPage, 0, '/Admin/configs/web');
    await screen.findByRole('textbox', { name: '网站名称' });
    fireEvent.click(screen.getByRole('tab', { name: text['page.configs.tab.task'] }));
    const refund = (await screen.findByLabelText(text['page.configs.task.refund'])) as HTMLInputElement;
    // server/modules/orders/taskConfig.ts TASK_DEFAULTS.refundDays
    expect(refund.value).toBe('7');
    expect(refund.getAttribute('aria-required')).toBe('true');
    expect(refund.closest('div.flex-col')!.querySelector('label [data-required]')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect((putBody(calls.find((c) => c.method === 'PUT')!).task as Record<string, string>).refund).toBe('7');
  });
});
