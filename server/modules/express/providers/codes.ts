/**
 * Our courier codes (expresses.code, the reference's Kuaibao codes) → each provider's company
 * codes. A code not listed is passed as it is, so an operator who adds a courier may enter the
 * provider's own code.
 */
const KUAIDI100: Record<string, string> = {
  yd: 'yunda',
  sto: 'shentong',
  yt: 'yuantong',
  zt: 'zhongtong',
  jt: 'jtexpress',
  ht: 'huitongkuaidi',
  postx: 'youzhengguonei',
  ems: 'ems',
  post: 'youzhengguonei',
  tt: 'tiantian',
  best: 'baishiwuliu',
  ys: 'youshuwuliu',
  dp: 'debangwuliu',
  zjs: 'zhaijisong',
  jd: 'jd',
  ztky: 'zhongtongkuaiyun',
  sf: 'shunfeng',
  gt: 'guotongkuaidi',
};

/** Kuaibao's brand codes are ours, except the two kinds of China Post parcel. */
const KUAIBAO: Record<string, string> = { postx: 'post' };

export const kuaidi100Code = (courier: string) => KUAIDI100[courier] ?? courier;
export const kuaibaoCode = (courier: string) => KUAIBAO[courier] ?? courier;
