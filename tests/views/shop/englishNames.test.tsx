import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localName, localizeTree } from '../../../machines/localName';
import type { GoodsClass } from '../../../src/api/common';
import { resetCommonForTests } from '../../../src/shop/layout/commonStore';
import { searchHref } from '../../../src/shop/search/searchState';
import { envelope, fakeFetch, resetApp } from '../helpers';
import { boot, card, GOODS, page } from './catalogueHelpers';

/**
 * Goods classes and brands have a Chinese name and an optional English one (`ename`): the
 * storefront shows the English name when the interface is English and there is one, else the
 * Chinese name (machines/localName.ts, as the back office's menus).
 */
const CLASSES: GoodsClass[] = [
  {
    id: 1, pid: 0, name: '数码', ename: 'Digital',
    children: [
      { id: 11, pid: 1, name: '手机', ename: 'Phones', children: [{ id: 111, pid: 11, name: '智能机', ename: 'Smartphones' }, { id: 112, pid: 11, name: '老人机', ename: '' }] },
      { id: 12, pid: 1, name: '配件', ename: 'Accessories' },
    ],
  },
  { id: 2, pid: 0, name: '空类' },
];
const BRANDS = [{ id: 7, name: '青梧', ename: 'Qingwu' }, { id: 8, name: '华强', ename: '' }];

const answers = {
  'GET /api/common': envelope({ classes: CLASSES, brands: BRANDS, common: { web_name: 'Souk', logo: '', icp: '' }, ip: '1.2.3.4', cart: 0 }),
  'GET /api/cart_count': envelope(0),
  'GET /api/adv': envelope([]),
  'GET /api/home': envelope({ goods: [{ id: 1, name: '数码', ename: 'Digital', goods: [card(10, '手机甲')] }, { id: 2, name: '空类', ename: '', goods: [card(11, '杂物')] }] }),
  'GET /api/goods': envelope(page([card(1, '红米手机')])),
  'GET /api/goods/5': envelope({
    ...GOODS,
    classList: [{ id: 111, name: '智能机', ename: 'Smartphones', pid: 11 }, { id: 11, name: '手机', ename: 'Phones', pid: 1 }, { id: 1, name: '数码', ename: 'Digital', pid: 0 }],
    brand: { id: 7, name: '青梧', ename: 'Qingwu', thumb: '' },
  }),
  'GET /api/is_fav': envelope(false),
};

/** A new app and no kept common data: each page starts as a first visit. */
function fresh() {
  resetApp('/');
  resetCommonForTests();
}

describe('localName', () => {
  it('is the English name in English when there is one, else the name; a tree is named node by node', () => {
    expect(localName({ name: '手机', ename: 'Phones' }, 'en')).toBe('Phones');
    expect(localName({ name: '手机', ename: 'Phones' }, 'zh-cn')).toBe('手机');
    expect(localName({ name: '手机', ename: '' }, 'en')).toBe('手机');
    expect(localName({ name: '手机', ename: '  ' }, 'en')).toBe('手机');
    expect(localName({ name: '手机' }, 'en')).toBe('手机');
    expect(localName({ name: '手机', ename: null }, 'en')).toBe('手机');
    const named = localizeTree(CLASSES, 'en');
    expect(named[0].name).toBe('Digital');
    expect(named[0].children![0].children!.map((c) => c.name)).toEqual(['Smartphones', '老人机']);
    expect(named[1].name).toBe('空类');
    expect(localizeTree(CLASSES, 'zh-cn')[0].children![1].name).toBe('配件');
  });
});

describe('class and brand names in the storefront', () => {
  beforeEach(fresh);
  afterEach(fresh);

  it('home: the flyout and the floors in English, in Chinese in Chinese', async () => {
    fakeFetch(answers);
    boot('/', 'en');
    expect(await screen.findByRole('heading', { name: 'Digital', level: 2 }, { timeout: 5000 })).toBeTruthy();
    // a class without an English name keeps its name
    expect(screen.getByRole('heading', { name: '空类', level: 2 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See more Digital' })).toBeTruthy();
    const flyout = screen.getByRole('navigation', { name: 'All categories' });
    for (const name of ['Digital', 'Phones', 'Smartphones', '老人机', 'Accessories', '空类']) expect(within(flyout).getByRole('link', { name })).toBeTruthy();
    expect(within(flyout).queryByRole('link', { name: '数码' })).toBeNull();
    expect(within(flyout).getByRole('button', { name: /Digital/ })).toBeTruthy();

    fresh();
    fakeFetch(answers);
    boot('/', 'zh-cn');
    expect(await screen.findByRole('heading', { name: '数码', level: 2 }, { timeout: 5000 })).toBeTruthy();
    const zhFlyout = screen.getByRole('navigation', { name: '全部商品分类' });
    for (const name of ['数码', '手机', '智能机', '老人机', '配件']) expect(within(zhFlyout).getByRole('link', { name })).toBeTruthy();
    expect(screen.queryByText('Digital')).toBeNull();
    expect(screen.queryByText('Smartphones')).toBeNull();
  });

  it('search page: class and brand filters in the language', async () => {
    const state = { pid: 1, sid: 11, class_id: [111, 112] };
    fakeFetch(answers);
    boot(searchHref(state), 'en');
    expect(await screen.findByText('红米手机', {}, { timeout: 5000 })).toBeTruthy();
    for (const name of ['Digital', 'Phones', 'Accessories', 'Smartphones', '老人机', '空类', 'Qingwu', '华强']) expect(screen.getByRole('link', { name })).toBeTruthy();
    // the second and third rows are labelled by the chosen classes
    expect(screen.getAllByText('Digital').length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByRole('link', { name: '青梧' })).toBeNull();

    fresh();
    fakeFetch(answers);
    boot(searchHref(state), 'zh-cn');
    expect(await screen.findByText('红米手机', {}, { timeout: 5000 })).toBeTruthy();
    for (const name of ['数码', '手机', '配件', '智能机', '老人机', '青梧', '华强']) expect(screen.getByRole('link', { name })).toBeTruthy();
    expect(screen.queryByText('Qingwu')).toBeNull();
    expect(screen.queryByText('Phones')).toBeNull();
  });

  it('goods page: the breadcrumb classes and the brand in the language', async () => {
    fakeFetch(answers);
    boot('/goods/5', 'en');
    await screen.findByRole('heading', { name: '青梧 T 恤', level: 1 }, { timeout: 5000 });
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getAllByRole('link').map((a) => a.textContent)).toEqual(['Home', 'Digital', 'Phones', 'Smartphones']);
    const brand = screen.getByRole('link', { name: 'Qingwu' });
    expect(brand.closest('p')!.textContent).toBe('Brand: Qingwu');
    expect(brand.getAttribute('href')).toBe(searchHref({ brand_id: 7 }));

    fresh();
    fakeFetch(answers);
    boot('/goods/5', 'zh-cn');
    await screen.findByRole('heading', { name: '青梧 T 恤', level: 1 }, { timeout: 5000 });
    const zhTrail = screen.getByRole('navigation', { name: '当前位置' });
    expect(within(zhTrail).getAllByRole('link').map((a) => a.textContent)).toEqual(['首页', '数码', '手机', '智能机']);
    expect(screen.getByRole('link', { name: '青梧' }).closest('p')!.textContent).toBe('品牌：青梧');
  });
});

describe('points mall classes in the language', () => {
  const pointsCard = (id: number, cid: number, name: string) => ({ id, cid, goods_name: name, goods_subname: '', goods_master_image: '/uploads/goods/x.jpg', goods_price: '300.00', goods_market_price: '59.00', goods_stock: 5, goods_sale: 1 });
  const pointsAnswers = {
    ...answers,
    'GET /api/integral/home': envelope({
      recommend: [],
      list: [
        { id: 1, name: '数码好物', ename: 'Digital picks', integral_goods: [pointsCard(9, 1, '保温杯')] },
        { id: 2, name: '居家生活', ename: '', integral_goods: [pointsCard(10, 2, '抱枕')] },
      ],
      banner: [],
    }),
    'GET /api/integral/class': envelope([{ id: 1, name: '数码好物', ename: 'Digital picks' }, { id: 2, name: '居家生活', ename: '' }]),
    'GET /api/integral/goods': envelope(page([pointsCard(9, 1, '保温杯')])),
  };
  beforeEach(fresh);
  afterEach(fresh);

  it('home and search name a class in English when it has an English name, else by its name', async () => {
    fakeFetch(pointsAnswers);
    boot('/integral', 'en');
    expect(await screen.findByRole('heading', { name: 'Digital picks', level: 2 }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '居家生活', level: 2 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: '数码好物', level: 2 })).toBeNull();

    fresh();
    fakeFetch(pointsAnswers);
    boot('/integral/search', 'en');
    expect(await screen.findByRole('link', { name: 'Digital picks' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: '居家生活' })).toBeTruthy();

    fresh();
    fakeFetch(pointsAnswers);
    boot('/integral', 'zh-cn');
    expect(await screen.findByRole('heading', { name: '数码好物', level: 2 }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('Digital picks')).toBeNull();
  });
});
