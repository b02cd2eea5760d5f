import type { Db, Tx } from '../../db/client';
import { readConfigJson, settingText } from '../common/configJson';

/**
 * AMap (Gaode) settings, configs `amap` (地图配置): `key` the web-service key (geocoding, server
 * side only), `jsapi` the JS API key (public: it is in the script URL), `security` the JS API
 * security code (jscode), which never leaves the server: the browser's JS API sends its service
 * calls to our proxy (/api/_AMapService, ./proxy.ts), which adds it — AMap's documented set-up.
 * Overridable hosts: AMAP_JS_URL (the JS API script), AMAP_REST_BASE_URL (restapi.amap.com),
 * AMAP_WEBAPI_BASE_URL (webapi.amap.com), AMAP_VECTORMAP_BASE_URL (fmap01.amap.com).
 */
export interface MapSettings {
  key: string;
  jsapi: string;
  security: string;
}

export const AMAP_JS_URL = 'https://webapi.amap.com/maps?v=2.0';
export const AMAP_REST_URL = 'https://restapi.amap.com';
export const AMAP_WEBAPI_URL = 'https://webapi.amap.com';
export const AMAP_VECTORMAP_URL = 'https://fmap01.amap.com';

export const mapScriptUrl = (env: NodeJS.ProcessEnv = process.env) => env.AMAP_JS_URL || AMAP_JS_URL;
const base = (value: string | undefined, fallback: string) => (value || fallback).replace(/\/+$/, '');
export const restBase = (env: NodeJS.ProcessEnv = process.env) => base(env.AMAP_REST_BASE_URL, AMAP_REST_URL);
export const webapiBase = (env: NodeJS.ProcessEnv = process.env) => base(env.AMAP_WEBAPI_BASE_URL, AMAP_WEBAPI_URL);
export const vectormapBase = (env: NodeJS.ProcessEnv = process.env) => base(env.AMAP_VECTORMAP_BASE_URL, AMAP_VECTORMAP_URL);

export async function loadMapSettings(db: Db | Tx): Promise<MapSettings> {
  const raw = await readConfigJson(db, 'amap');
  return { key: settingText(raw.key), jsapi: settingText(raw.jsapi), security: settingText(raw.security) };
}
