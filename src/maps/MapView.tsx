import { useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useCommon } from '../shop/layout/commonStore';
import { loadAmap, type AmapMap, type AmapMarker } from './loadAmap';

/** Beijing, where a map without a point opens. */
const FALLBACK_CENTER: [number, number] = [116.397428, 39.90923];

const coordinate = (text: string | number | null | undefined, max: number): number | null => {
  const n = typeof text === 'number' ? text : Number(String(text ?? '').trim());
  return String(text ?? '').trim() !== '' && Number.isFinite(n) && Math.abs(n) <= max ? n : null;
};

export type MapState = 'loading' | 'ready' | 'off' | 'failed';

/**
 * An AMap map with the point (lng, lat); with `onPick`, a click moves the point and reports it
 * (six decimals, as the coordinate fields take them). Without a JS API key, or when the script
 * cannot be loaded (no internet, a blocked host), it says so instead, and the page keeps its
 * coordinate inputs.
 */
export function MapView({ lng, lat, onPick, className = 'h-64', label }: { lng: string | number | null; lat: string | number | null; onPick?: (lng: string, lat: string) => void; className?: string; label: string }) {
  const amapSettings = useCommon().data?.common.amap;
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<AmapMap | null>(null);
  const marker = useRef<AmapMarker | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  const [state, setState] = useState<MapState>('loading');
  const point = ((): [number, number] | null => {
    const x = coordinate(lng, 180);
    const y = coordinate(lat, 90);
    return x === null || y === null ? null : [x, y];
  })();
  const hasKey = Boolean(amapSettings?.jsapi);

  useEffect(() => {
    if (!amapSettings) return;
    if (!amapSettings.jsapi) return setState('off');
    let live = true;
    setState('loading');
    loadAmap(amapSettings).then(
      (AMap) => {
        if (!live || !container.current) return;
        const start = point ?? FALLBACK_CENTER;
        const created = new AMap.Map(container.current, { zoom: point ? 16 : 11, center: start });
        const pin = new AMap.Marker({ position: start, draggable: false });
        if (point) created.add(pin);
        created.on('click', (event) => {
          const next: [number, number] = [event.lnglat.getLng(), event.lnglat.getLat()];
          pin.setPosition(next);
          created.add(pin);
          pick.current?.(next[0].toFixed(6), next[1].toFixed(6));
        });
        map.current = created;
        marker.current = pin;
        setState('ready');
      },
      () => live && setState('failed'),
    );
    return () => {
      live = false;
      map.current?.destroy();
      map.current = null;
      marker.current = null;
    };
    // the map is made once per key; the point follows below
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hasKey, amapSettings?.script]);

  const key = point ? `${point[0]},${point[1]}` : '';
  useEffect(() => {
    if (state !== 'ready' || !point || !map.current || !marker.current) return;
    marker.current.setPosition(point);
    map.current.add(marker.current);
    map.current.setCenter(point);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, state]);

  if (state === 'off' || state === 'failed') {
    return (
      <p role="note" data-testid="map-unavailable" data-state={state} className="rounded border border-dashed border-slate-300 bg-slate-50 px-3 py-4 text-sm text-slate-700">
        <FormattedMessage id={state === 'off' ? 'map.off' : 'map.failed'} />
        {point && (
          <>
            {' '}
            <FormattedMessage id="map.point" values={{ lng: point[0].toFixed(6), lat: point[1].toFixed(6) }} />
          </>
        )}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <div ref={container} role="application" aria-label={label} data-testid="map" data-state={state} className={`w-full overflow-hidden rounded border border-slate-200 bg-slate-100 ${className}`} />
      {onPick && state === 'ready' && (
        <p className="text-xs text-slate-600">
          <FormattedMessage id="map.pickHint" />
        </p>
      )}
    </div>
  );
}
