import { request, type ApiResult } from './client';

export interface GoodsClass {
  id: number;
  pid: number;
  name: string;
  /** The English name ('' or absent: none); shown through machines/localName.ts. */
  ename?: string;
  children?: GoodsClass[];
}

export interface GoodsBrand {
  id: number;
  name: string;
  /** The English name ('' or absent: none); shown through machines/localName.ts. */
  ename?: string;
  thumb?: string;
}

export interface CommonSettings {
  web_name: string;
  logo: string;
  index_name: string;
  keyword: string;
  description: string;
  mobile: string;
  email: string;
  icp: string;
  close_status: number | string;
  close_reason: string;
  /** The AMap JS API key and script ('' key: no map); the security code never reaches the browser (served through /api/_AMapService). */
  amap?: { jsapi?: string; script?: string };
  /** The WeChat logins on offer (weixin: inside WeChat, weixinweb: QR code on PC). */
  oauth?: string[];
  /** SMS codes go to the server log only (development provider). */
  sms_test_mode?: boolean;
}

export interface CommonData {
  classes: GoodsClass[];
  brands: GoodsBrand[];
  common: CommonSettings;
  ip: string;
  cart: number;
}

export function loadCommon(): Promise<ApiResult<CommonData>> {
  return request<CommonData>(2, 'GET', '/common', undefined, { quiet: true });
}

export function loadCartCount(): Promise<ApiResult<number>> {
  return request<number>(2, 'GET', '/cart_count', undefined, { quiet: true });
}
