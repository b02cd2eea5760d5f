/**
 * Loads AMap's JS API 2.0 once, lazily (only the pages that show a map call it): first the
 * security config AMap documents (`_AMapSecurityConfig.serviceHost` = our /api/_AMapService proxy,
 * which adds the security code on the server), then `<script src="{script}&key={jsapi}">`. The
 * script URL comes from /api/common (AMAP_JS_URL overrides it: a mirror, or a stand-in in tests).
 * Rejects when there is no key, the script fails or AMap does not appear within LOAD_TIMEOUT_MS
 * (no internet): the pages then say so and keep the coordinate inputs.
 */
export interface AmapLngLat {
  getLng(): number;
  getLat(): number;
}
export interface AmapMarker {
  setPosition(position: [number, number]): void;
}
export interface AmapMap {
  add(overlay: AmapMarker): void;
  setCenter(position: [number, number]): void;
  setZoom(zoom: number): void;
  on(event: 'click', handler: (event: { lnglat: AmapLngLat }) => void): void;
  destroy(): void;
}
export interface AmapNamespace {
  Map: new (container: HTMLElement, options: { zoom: number; center: [number, number] }) => AmapMap;
  Marker: new (options: { position: [number, number]; draggable?: boolean }) => AmapMarker;
}

declare global {
  interface Window {
    AMap?: AmapNamespace;
    _AMapSecurityConfig?: { serviceHost: string };
  }
}

export const LOAD_TIMEOUT_MS = 10_000;
export const PROXY_PATH = '/api/_AMapService';

let loading: Promise<AmapNamespace> | null = null;

export function scriptUrl(script: string, key: string): string {
  return `${script}${script.includes('?') ? '&' : '?'}key=${encodeURIComponent(key)}`;
}

export function loadAmap(settings: { jsapi?: string; script?: string } | undefined): Promise<AmapNamespace> {
  if (window.AMap) return Promise.resolve(window.AMap);
  if (!settings?.jsapi || !settings.script) return Promise.reject(new Error('no key'));
  if (loading) return loading;
  loading = new Promise<AmapNamespace>((resolve, reject) => {
    window._AMapSecurityConfig = { serviceHost: `${window.location.origin}${PROXY_PATH}` };
    const tag = document.createElement('script');
    const timer = window.setTimeout(() => fail(new Error('timeout')), LOAD_TIMEOUT_MS);
    function fail(error: Error) {
      window.clearTimeout(timer);
      tag.remove();
      loading = null;
      reject(error);
    }
    tag.src = scriptUrl(settings.script as string, settings.jsapi as string);
    tag.async = true;
    tag.onload = () => {
      window.clearTimeout(timer);
      if (window.AMap) resolve(window.AMap);
      else fail(new Error('no AMap'));
    };
    tag.onerror = () => fail(new Error('script failed'));
    document.head.appendChild(tag);
  });
  return loading;
}
