import { fireEvent, screen, waitFor } from '@testing-library/react';
import qs from 'qs';
import { afterEach, describe, expect, it } from 'vitest';
import SellerStorePage from '../../../src/backoffice/views/Seller/stores/index';
import { STORE_TABS, storeToForm, tabBody } from '../../../src/backoffice/views/Seller/stores/storeForm';
import { envelope, fakeFetch, resetApp, type RecordedCall } from '../helpers';
import { freshPage, renderView } from './pageHelpers';

const store = {
  id: 7,
  store_name: '数码旗舰店',
  store_logo: '/uploads/store_logo/a.png',
  store_description: '正品行货',
  store_mobile: '010-8888',
  store_face_image: '',
  after_sale_service: '<p>七天无理由</p>',
  province_id: 1,
  city_id: 2,
  region_id: 3,
  area: [1, 2, 3],
  area_info: '北京市 市辖区 东城区',
  store_lat: '39.92',
  store_lng: '116.46',
  store_address: '长安街 1 号',
  store_slide: ['/uploads/store_slide/1.png', '/uploads/store_slide/2.png'],
  store_mobile_slide: [],
  store_money: '1000.00',
  store_frozen_money: '20.00',
  store_status: 1,
  store_verify: 3,
  store_company_name: '某公司',
};

const STORE_FIELDS = ['store_logo', 'store_name', 'store_description', 'store_mobile', 'after_sale_service'];
const putBody = (call: RecordedCall) => qs.parse(String(call.body)) as Record<string, unknown>;

describe('seller store settings (Seller/stores/index)', () => {
  afterEach(() => resetApp('/'));

  it('saves an image of PC slide 2 alone in slot 2, and shows it there', async () => {
    freshPage('/Seller/stores', 1);
    const onlySecond = { ...store, store_slide: ['', '/uploads/store_slide/2.png', ''] };
    const { calls } = fakeFetch({
      'GET /api/Seller/stores/0': envelope(onlySecond),
      'PUT /api/Seller/stores/0': (call) => envelope({ ...onlySecond, ...putBody(call) }),
    });
    renderView(SellerStorePage, 1, '/Seller/stores');
    fireEvent.click(await screen.findByRole('tab', { name: 'PC幻灯片' }));
    const second = await screen.findByRole('img', { name: /^PC幻灯片 2/ });
    expect(second.getAttribute('src')).toBe('/uploads/store_slide/2.png');
    expect(screen.queryByRole('img', { name: /^PC幻灯片 1/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(putBody(calls.find((c) => c.method === 'PUT')!)).toEqual({ store_slide: ',/uploads/store_slide/2.png,' });
  });

  it('submits only the store fields of the tab, never money, status or review state', async () => {
    freshPage('/Seller/stores', 1);
    const { calls } = fakeFetch({
      'GET /api/Seller/stores/0': envelope(store),
      'PUT /api/Seller/stores/0': (call) => envelope({ ...store, ...putBody(call) }),
    });
    renderView(SellerStorePage, 1, '/Seller/stores');

    const name = (await screen.findByRole('textbox', { name: '店铺名称' })) as HTMLInputElement;
    expect(name.value).toBe('数码旗舰店');
    fireEvent.change(name, { target: { value: '数码专营店' } });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/Seller/stores/0');
    expect(put.headers.get('authorization')).toBe('Bearer tok');
    const body = putBody(put);
    expect(Object.keys(body).sort()).toEqual([...STORE_FIELDS].sort());
    expect(body.store_name).toBe('数码专营店');
    expect(body.store_mobile).toBe('010-8888');
    for (const forbidden of ['store_money', 'store_frozen_money', 'store_status', 'store_verify', 'store_company_name', 'id', 'user_id']) expect(body).not.toHaveProperty(forbidden);
  });

  it('checks the phone and the map point in the browser before saving', async () => {
    freshPage('/Seller/stores', 1);
    const { calls } = fakeFetch({ 'GET /api/Seller/stores/0': envelope(store) });
    renderView(SellerStorePage, 1, '/Seller/stores');

    fireEvent.change(await screen.findByRole('textbox', { name: '联系电话' }), { target: { value: '010<script>' } });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('联系电话只能包含数字、空格和 + - ( )')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: '地图配置' }));
    fireEvent.change(await screen.findByRole('textbox', { name: '纬度' }), { target: { value: '95' } });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await screen.findByRole('alert');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('sends three slides per device in their positions and the map tab as area ids and a point', () => {
    const values = storeToForm(store);
    expect(values.store_slide_0).toBe('/uploads/store_slide/1.png');
    expect(values.store_slide_2).toBe('');
    const slides = STORE_TABS.find((t) => t.key === 'slides')!;
    // slide 2 emptied, slide 3 filled: the image stays third (QA: it came back as slide 1)
    expect(tabBody(slides, { ...values, store_slide_2: '/uploads/store_slide/3.png', store_slide_1: '' })).toEqual({
      store_slide: '/uploads/store_slide/1.png,,/uploads/store_slide/3.png',
    });
    expect(tabBody(slides, { store_slide_0: '', store_slide_1: '/uploads/store_slide/2.png', store_slide_2: '' })).toEqual({ store_slide: ',/uploads/store_slide/2.png,' });
    // and comes back in its slot
    expect(storeToForm({ ...store, store_slide: ['', '/uploads/store_slide/2.png', ''] })).toMatchObject({
      store_slide_0: '',
      store_slide_1: '/uploads/store_slide/2.png',
      store_slide_2: '',
    });
    const mobile = STORE_TABS.find((t) => t.key === 'mobileSlides')!;
    expect(tabBody(mobile, values)).toEqual({ store_mobile_slide: '' });
    const map = STORE_TABS.find((t) => t.key === 'map')!;
    expect(tabBody(map, values)).toEqual({ area: [1, 2, 3], store_lat: '39.92', store_lng: '116.46', store_address: '长安街 1 号' });
  });
});
