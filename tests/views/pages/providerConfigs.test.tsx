import { fireEvent, screen, waitFor } from '@testing-library/react';
import qs from 'qs';
import { afterEach, describe, expect, it } from 'vitest';
import SmsConfigPage from '../../../src/backoffice/views/Admin/configs/sms';
import { envelope, fakeFetch, resetApp } from '../helpers';
import { freshPage, renderView } from './pageHelpers';

/** The SMS settings say which provider is live or in test mode (GET /api/Admin/configs/providers), and save the provider choice and keys. */
const STATUS = (live: boolean, provider = 'aliyun') => ({
  sms: { provider, live },
  tracking: { provider: 'kuaidi100', live: false },
  map: { provider: 'amap', live: false, geocode: false, security: false },
  oauth: { weixin: { provider: 'wechat', live: false }, weixinweb: { provider: 'wechat', live: false } },
});

describe('SMS settings (Admin/configs/sms)', () => {
  afterEach(() => resetApp('/'));

  it('says test mode until the keys are saved, then that Aliyun is live; keys are never shown', async () => {
    freshPage('/Admin/configs/sms');
    let saved = false;
    const { calls } = fakeFetch({
      'GET /api/Admin/configs': () => envelope({ provider: 'aliyun', key: '', key_set: saved, secret: '', secret_set: saved, sign: saved ? 'Souk' : '', app_id: '', region: '' }),
      'GET /api/Admin/configs/providers': () => envelope(STATUS(saved)),
      'PUT /api/Admin/configs/update': () => {
        saved = true;
        return envelope({});
      },
    });
    renderView(SmsConfigPage, 0, '/Admin/configs/sms');
    const status = await screen.findByTestId('provider-status-sms');
    expect(status.getAttribute('data-live')).toBe('false');
    // Chinese punctuation: no space after the full-width colon
    expect(status.textContent).toContain('测试模式：阿里云短信的密钥未填写完整');
    expect((screen.getByRole('radio', { name: '阿里云短信' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(screen.getByLabelText(/AccessKeyId/, { selector: 'input[type=password]' }), { target: { value: 'LTAI-KEY' } });
    fireEvent.change(screen.getByLabelText(/AccessKeySecret/, { selector: 'input[type=password]' }), { target: { value: 'SECRET' } });
    fireEvent.change(screen.getByRole('textbox', { name: '短信签名' }), { target: { value: 'Souk' } });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.getByTestId('provider-status-sms').getAttribute('data-live')).toBe('true'));
    expect(screen.getByTestId('provider-status-sms').textContent).toBe('已接通：验证码通过阿里云短信发送给用户。');
    expect(screen.getByText('保存时清除已保存的AccessKeySecret')).toBeTruthy();
    const body = qs.parse(String(calls.find((c) => c.method === 'PUT')!.body)) as { sms: Record<string, string> };
    expect(body.sms).toMatchObject({ provider: 'aliyun', key: 'LTAI-KEY', secret: 'SECRET', sign: 'Souk' });
  });
});
