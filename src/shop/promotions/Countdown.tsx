import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { formatShort } from '../../../machines/countdown';
import { countdownMachine } from '../../../machines/countdown.machine';

/**
 * A live "HH : MM : SS" bound to the countdown machine (machines/countdown.machine.ts), restarted
 * when `seconds` changes (a reload). Fixed-width tabular digits in a box as wide as the longest
 * text, so ticking never moves the layout. `onFinished` runs once when it reaches zero.
 */
export function Countdown({ seconds, onFinished, className = '', label }: { seconds: number; onFinished?: () => void; className?: string; label: string }) {
  const finished = useRef(onFinished);
  finished.current = onFinished;
  // provided once: `provide` builds a new machine, which would cost every tick's render
  const [machine] = useState(() => countdownMachine.provide({ actions: { notifyFinished: () => finished.current?.() } }));
  const actor = useActorRef(machine, { input: { seconds } });
  const remaining = useSelector(actor, (s) => s.context.remaining);
  useEffect(() => {
    actor.send({ type: 'START', seconds });
  }, [actor, seconds]);
  const text = formatShort(remaining);
  return (
    <span role="timer" aria-label={`${label} ${text}`} className={`inline-block min-w-[13ch] text-center font-mono tabular-nums ${className}`}>
      <span aria-hidden="true">{text}</span>
    </span>
  );
}
