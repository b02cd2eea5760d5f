import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetCommonForTests } from '../../../src/shop/layout/commonStore';
import { envelope, fakeFetch, resetApp } from '../helpers';
import { SLOW, boot, common, login } from './fixtures';

/**
 * /user/oauth with a WeChat binding whose profile picture cannot be loaded (WeChat's picture
 * addresses expire, or the host is out of reach): the initial of the WeChat name stands in for
 * it instead of a broken-image icon (src/ui/Avatar, shared by the user centre and the chat list).
 */
describe('user centre: pictures from WeChat that do not load', { timeout: 20000 }, () => {
  beforeEach(() => {
    resetApp('/');
    resetCommonForTests();
    login();
  });
  afterEach(() => resetApp('/'));

  it('shows the initial of the name in place of a picture that fails', async () => {
    fakeFetch({
      ...common,
      'GET /api/user/oauth': envelope([
        { provider: 'weixin', name: '微信（公众号）', configured: false, bound: false, nickname: '', avatar: '', bound_at: null },
        { provider: 'weixinweb', name: '微信（网站扫码）', configured: true, bound: true, nickname: '走查微信', avatar: 'https://thirdwx.qlogo.cn/mmopen/gone/132', bound_at: '2026-12-08 09:31:01' },
      ]),
    });
    boot('/user/oauth');
    const row = await screen.findByTestId('oauth-weixinweb', {}, SLOW);
    const picture = within(row).getByTestId('avatar-image');
    expect(picture.getAttribute('referrerpolicy')).toBe('no-referrer');
    fireEvent.error(picture);
    expect(within(row).queryByTestId('avatar-image')).toBeNull();
    expect(within(row).getByTestId('avatar-initial').textContent).toBe('走');
  });
});
