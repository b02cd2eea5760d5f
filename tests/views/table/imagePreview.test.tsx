import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PageConfig } from '../../../src/backoffice/table/types';
import AdminStoresPage from '../../../src/backoffice/views/Admin/exts/stores/index';
import { envelope, fakeFetch, resetApp } from '../helpers';
import { freshPage, renderView, withLayout } from '../pages/pageHelpers';
import { API, bodyRows, couriers, listAnswer, mountTable } from './setup';

/** Issue 15: every image cell and view-dialog image opens a full-size preview. */
describe('image preview', () => {
  afterEach(() => resetApp('/'));

  it('an image cell opens the full-size image; Escape closes it and focus returns to the thumbnail', async () => {
    const config: PageConfig = {
      columns: [
        { label: 'page.expresses.name', value: 'name' },
        { label: 'page.goodsBrands.thumb', value: 'thumb', type: 'image' },
      ],
    };
    const rows = couriers(1, 2).map((r, i) => ({ ...r, thumb: i === 0 ? '/uploads/a.png' : '' }));
    mountTable(config, { [`GET ${API}`]: listAnswer(rows) });
    await screen.findByText('courier 1');
    // A missing image is a placeholder, not a button.
    expect(within(bodyRows()[1]).queryByRole('button', { name: /放大查看/ })).toBeNull();
    const thumb = within(bodyRows()[0]).getByRole('button', { name: '放大查看品牌图标' });
    fireEvent.click(thumb);
    const preview = await screen.findByRole('dialog');
    const img = within(preview).getByRole('img', { name: '品牌图标' }) as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('/uploads/a.png');
    expect(img.getAttribute('width')).toBeNull();
    // One image: no previous / next.
    expect(within(preview).queryByRole('button', { name: '下一张' })).toBeNull();
    fireEvent.keyDown(preview, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(thumb));
  });

  describe('the store view dialog: licence and ID photos in one gallery', () => {
    let restore: () => void;
    beforeEach(() => {
      restore = withLayout();
    });
    afterEach(() => restore());

    it('steps through the images with buttons and arrow keys; Escape closes only the preview', async () => {
      freshPage('/Admin/stores');
      const store = { id: 2, store_name: '茶叶小铺', store_logo: '', area_info: '', store_status: 1, store_verify: 4, created_at: '2024-02-03 04:05:06' };
      fakeFetch({
        'GET /api/Admin/stores': envelope({ data: [store], total: 1, per_page: 30, current_page: 1, last_page: 1, count: {} }),
        'GET /api/Admin/stores/2': envelope({ ...store, business_license: '/uploads/licence.jpg', id_card_t: '/uploads/front.jpg', id_card_b: '/uploads/back.jpg', class_id: [] }),
        'GET /api/load_goods_classes': envelope([]),
      });
      renderView(AdminStoresPage, 0, '/Admin/stores');
      await screen.findByText('茶叶小铺');
      fireEvent.click(within(bodyRows()[0]).getByRole('button', { name: '查看' }));
      const view = await screen.findByRole('dialog');
      const licence = await within(view).findByRole('button', { name: '放大查看营业执照' });
      fireEvent.click(licence);
      const preview = await screen.findByTestId('image-preview');
      const shown = () => within(preview).getByRole('img').getAttribute('src');
      expect(shown()).toBe('/uploads/licence.jpg');
      expect(preview.textContent).toContain('1 / 3');
      expect((within(preview).getByRole('button', { name: '上一张' }) as HTMLButtonElement).disabled).toBe(true);
      fireEvent.click(within(preview).getByRole('button', { name: '下一张' }));
      expect(shown()).toBe('/uploads/front.jpg');
      fireEvent.keyDown(within(preview).getByRole('img'), { key: 'ArrowRight' });
      expect(shown()).toBe('/uploads/back.jpg');
      expect((within(preview).getByRole('button', { name: '下一张' }) as HTMLButtonElement).disabled).toBe(true);
      fireEvent.keyDown(within(preview).getByRole('img'), { key: 'ArrowLeft' });
      expect(shown()).toBe('/uploads/front.jpg');
      fireEvent.keyDown(preview, { key: 'Escape' });
      await waitFor(() => expect(screen.queryByTestId('image-preview')).toBeNull());
      expect(screen.getByRole('dialog').textContent).toContain('营业执照');
      expect(screen.getByRole('dialog').textContent).toContain('茶叶小铺');
    });
  });
});
