import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ChartKind, Drawn } from './drawChart';

/**
 * The one chart of the back office (issue 26): a bar or line chart of one series over labelled
 * buckets, drawn by a chart library loaded with the first chart (./drawChart.ts), with a tooltip
 * that follows the pointer and the arrow keys, and the same numbers as a table for screen readers
 * and anyone who wants them (a disclosure under the chart). The page keeps the figures; the chart
 * only shows them.
 */
export interface ChartPoint {
  /** The bucket (`YYYY-MM-DD`, `YYYY-MM`, `YYYY`). */
  label: string;
  value: number;
}

export interface ChartProps {
  kind: ChartKind;
  /** Locale key of the chart's title (its accessible name too). */
  title: string;
  /** Locale key naming the value (the table's column, the tooltip's line). */
  valueName: string;
  points: ChartPoint[];
  /** How a value reads (money, counts). */
  format: (value: number) => string;
  /** Loading: the chart is dimmed and says so. */
  busy?: boolean;
  height?: number;
}

/** The bucket as the axis shows it: day `MM-DD`, month `YYYY-MM`, year `YYYY`. */
export const shortLabel = (label: string) => (label.length === 10 ? label.slice(5) : label);

let library: Promise<typeof import('./drawChart')> | null = null;
const loadLibrary = () => (library ??= import('./drawChart'));

export function Chart({ kind, title, valueName, points, format, busy = false, height = 240 }: ChartProps) {
  const intl = useIntl();
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const drawn = useRef<Drawn | null>(null);
  const [positions, setPositions] = useState<{ x: number; y: number }[]>([]);
  const [active, setActive] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  // drawn again for a new width (a phone turned, the window resized): the labels shown depend on it
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const compact = useMemo(() => new Intl.NumberFormat(intl.locale, { notation: 'compact', maximumFractionDigits: 2 }), [intl.locale]);
  const labels = useMemo(() => points.map((p) => p.label), [points]);
  const values = useMemo(() => points.map((p) => p.value), [points]);

  useEffect(() => {
    let cancelled = false;
    if (width === 0 && typeof ResizeObserver !== 'undefined') return;
    loadLibrary()
      .then(({ drawChart }) => {
        if (cancelled || !box.current) return;
        drawn.current?.detach();
        box.current.replaceChildren();
        drawn.current = drawChart(box.current, {
          kind,
          labels,
          values,
          height,
          xLabel: (label, index, step) => (index % step === 0 ? shortLabel(label) : ''),
          yLabel: (value) => compact.format(value),
          onDrawn: (list) => !cancelled && setPositions(list),
        });
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [kind, labels, values, height, compact, width]);
  useEffect(() => () => drawn.current?.detach(), []);
  useEffect(() => {
    drawn.current?.mark(active);
  }, [active, positions]);

  const nearest = (x: number) => {
    let best: number | null = null;
    positions.forEach((p, i) => {
      if (p && (best === null || Math.abs(p.x - x) < Math.abs(positions[best].x - x))) best = i;
    });
    return best;
  };
  const onPointer = (event: PointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    setActive(nearest(event.clientX - rect.left));
  };
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!points.length) return;
    const last = points.length - 1;
    const moves: Record<string, number> = { ArrowRight: (active ?? -1) + 1, ArrowLeft: (active ?? points.length) - 1, Home: 0, End: last };
    if (!(event.key in moves)) return;
    event.preventDefault();
    setActive(Math.min(last, Math.max(0, moves[event.key])));
  };

  const at = active !== null ? positions[active] : undefined;
  const point = active !== null ? points[active] : undefined;
  const name = intl.formatMessage({ id: title });
  return (
    <figure className="flex min-w-0 flex-col gap-2" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="text-sm font-semibold text-slate-800">
        {name}
      </figcaption>
      <div
        className={`relative rounded outline-offset-2 focus-visible:outline-2 focus-visible:outline-office ${busy ? 'opacity-60' : ''}`}
        style={{ minHeight: height }}
        tabIndex={0}
        role="img"
        aria-label={intl.formatMessage({ id: 'dashboard.chart.label' }, { name, count: points.length })}
        aria-busy={busy}
        onPointerMove={onPointer}
        onPointerDown={onPointer}
        onPointerLeave={() => setActive(null)}
        onKeyDown={onKey}
        onBlur={() => setActive(null)}
        data-chart={kind}
      >
        <div ref={box} className={`ct-chart ct-chart-${kind}`} />
        {failed && (
          <p className="absolute inset-0 grid place-items-center text-sm text-slate-600">
            <FormattedMessage id="dashboard.chart.failed" />
          </p>
        )}
        {point && at && (
          <div
            role="status"
            className="pointer-events-none absolute z-10 -translate-x-1/2 -translate-y-full whitespace-nowrap rounded bg-slate-900 px-2 py-1 text-xs text-white shadow"
            style={{ left: Math.min(Math.max(at.x, 60), (box.current?.clientWidth ?? 300) - 60), top: Math.max(at.y - 8, 28) }}
          >
            <span className="block text-slate-300">{point.label}</span>
            <span className="font-semibold">
              <FormattedMessage id={valueName} />: {format(point.value)}
            </span>
          </div>
        )}
      </div>
      <details className="text-sm text-slate-700">
        <summary className="focus-ring w-fit cursor-pointer rounded text-office">
          <FormattedMessage id="dashboard.chart.table" />
        </summary>
        <div className="mt-2 max-h-64 overflow-auto">
          <table className="w-full text-left">
            <caption className="sr-only">{name}</caption>
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-1 pr-4 font-medium">
                  <FormattedMessage id="dashboard.chart.bucket" />
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  <FormattedMessage id={valueName} />
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.label} className="border-b border-slate-100">
                  <th scope="row" className="py-1 pr-4 font-normal">
                    {p.label}
                  </th>
                  <td className="py-1 text-right tabular-nums">{format(p.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
