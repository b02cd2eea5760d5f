import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AreaIndex } from '../../machines/areas';
import { request, resultText } from '../api/client';
import { Button } from '../ui/Button';
import { MapView } from './MapView';

/**
 * The store's point: the map (click to pick) and "locate by address" (POST /api/map/geocode,
 * AMap's web-service geocoding on the server), both writing the coordinate fields the form keeps.
 */
export function MapPicker({ area, lng, lat, address, onPick }: { area: AreaIndex; lng: string; lat: string; address: string; onPick: (lng: string, lat: string) => void }) {
  const intl = useIntl();
  const [locating, setLocating] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const locate = async () => {
    setMessage(null);
    if (address.trim().length < 2) return setMessage(intl.formatMessage({ id: 'map.addressFirst' }));
    setLocating(true);
    const result = await request<{ lng: string; lat: string; address: string }>(area, 'POST', '/map/geocode', { address: address.trim() }, { quiet: true });
    setLocating(false);
    if (result.kind !== 'ok') return setMessage(resultText(result) || intl.formatMessage({ id: 'msg.fail' }));
    onPick(result.data.lng, result.data.lat);
    setMessage(intl.formatMessage({ id: 'map.located' }, { address: result.data.address }));
  };

  return (
    <div className="flex flex-col gap-2" data-testid="map-picker">
      <MapView lng={lng} lat={lat} onPick={onPick} label={intl.formatMessage({ id: 'map.pickLabel' })} />
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" onClick={() => void locate()} loading={locating}>
          <FormattedMessage id="map.locate" />
        </Button>
        {message && (
          <p role="status" className="text-sm text-slate-700">
            {message}
          </p>
        )}
      </div>
    </div>
  );
}
