import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import type { AreaIndex as Area } from '../../machines/areas';
import { chatLive } from './live';

/** Says when live delivery is down (reconnecting, or the session ended); silent while it works. */
export function ConnectionNote({ area }: { area: Area }) {
  const live = chatLive(area);
  const state = useSelector(live.actor, (s) => (s.matches('reconnecting') ? 'reconnecting' : s.matches('unauthorized') ? 'unauthorized' : 'ok'));
  if (state === 'ok') return null;
  return (
    <p role="status" className="border-b border-amber-200 bg-amber-50 px-3 py-1 text-xs text-amber-900">
      <FormattedMessage id={state === 'reconnecting' ? 'chat.reconnecting' : 'chat.sessionEnded'} />
      {state === 'reconnecting' && (
        <button type="button" className="focus-ring ml-2 rounded underline" onClick={() => live.actor.send({ type: 'RETRY' })}>
          <FormattedMessage id="chat.reconnectNow" />
        </button>
      )}
    </p>
  );
}
