import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { call } from '../../shared/pageApi';

/**
 * Which provider of a kind is live and which runs in test mode, as the server decides it
 * (GET /api/Admin/configs/providers); shown at the top of the SMS, logistics, map and WeChat
 * login tabs and read again after each save.
 */
export type ProviderKind = 'sms' | 'tracking' | 'map' | 'oauth.weixin' | 'oauth.weixinweb';

interface Status {
  provider: string;
  live: boolean;
  geocode?: boolean;
}

type Statuses = Record<'sms' | 'tracking' | 'map', Status> & { oauth: Record<string, Status> };

function pick(all: Statuses, kind: ProviderKind): Status | undefined {
  if (kind.startsWith('oauth.')) return all.oauth?.[kind.slice(6)];
  return all[kind as 'sms' | 'tracking' | 'map'];
}

export function ProviderStatus({ kind, version }: { kind: ProviderKind; version: number }) {
  const [status, setStatus] = useState<Status | null>(null);
  useEffect(() => {
    let live = true;
    void call<Statuses>(0, 'GET', 'configs/providers', undefined, true).then((result) => {
      if (live && result.kind === 'ok') setStatus(pick(result.data, kind) ?? null);
    });
    return () => {
      live = false;
    };
  }, [kind, version]);
  if (!status) return null;
  const family = kind.split('.')[0];
  const provider = <FormattedMessage id={`page.configs.provider.name.${status.provider}`} />;
  return (
    <p
      role="status"
      data-testid={`provider-status-${kind}`}
      data-live={status.live ? 'true' : 'false'}
      className={`rounded border px-3 py-2 text-sm ${status.live ? 'border-emerald-300 bg-emerald-50 text-emerald-900' : 'border-amber-300 bg-amber-50 text-amber-900'}`}
    >
      {/* one message per language joins the parts: "Live: …" in English, "已接通：…" with no space in Chinese */}
      <FormattedMessage
        id="page.configs.provider.line"
        values={{
          label: (
            <span className="font-medium">
              <FormattedMessage id={status.live ? 'page.configs.provider.live' : 'page.configs.provider.testMode'} />
            </span>
          ),
          text: <FormattedMessage id={`page.configs.provider.${family}.${status.live ? 'live' : 'off'}`} values={{ provider }} />,
          note: family === 'map' && status.live && !status.geocode ? <FormattedMessage id="page.configs.provider.map.noGeocode" /> : '',
        }}
      />
    </p>
  );
}
