import { BarChart, LineChart } from 'chartist';
import './chart.css';

/**
 * The chart library behind `Chart` (Chartist: SVG, ~10 KB gzip; docs/decisions.md "Charts"),
 * loaded with the first chart a page draws. Draws one series and reports where each value sits,
 * so the component can put its tooltip and keyboard focus on the nearest one.
 */
export type ChartKind = 'bar' | 'line';

export interface Drawn {
  /** x (and the top y) of each value in the container's pixels, by index. */
  positions: { x: number; y: number }[];
  mark(index: number | null): void;
  detach(): void;
}

export interface DrawOptions {
  kind: ChartKind;
  labels: string[];
  values: number[];
  height: number;
  /** A label of the x axis as shown (short), or '' to skip it. */
  xLabel: (label: string, index: number, step: number) => string;
  yLabel: (value: number) => string;
  onDrawn: (positions: { x: number; y: number }[]) => void;
}

export function drawChart(element: HTMLElement, o: DrawOptions): Drawn {
  const width = element.clientWidth || 320;
  const step = Math.max(1, Math.ceil(o.labels.length / Math.max(2, Math.floor(width / 58))));
  const axisX = { showGrid: false, labelInterpolationFnc: (value: unknown, index: number) => o.xLabel(String(value), index, step) || null };
  const axisY = { onlyInteger: o.values.every((v) => Number.isInteger(v)), labelInterpolationFnc: (value: unknown) => o.yLabel(Number(value)) };
  const data = { labels: o.labels, series: [o.values] };
  const common = { height: o.height, chartPadding: { top: 20, right: 18, bottom: 4, left: 8 }, axisX, axisY, low: 0 };

  const chart =
    o.kind === 'bar'
      ? new BarChart(element, data, { ...common, axisY: { ...axisY, offset: 48 } })
      : new LineChart(element, data, { ...common, axisY: { ...axisY, offset: 48 }, showArea: true, fullWidth: true, lineSmooth: false });
  let positions: { x: number; y: number }[] = [];
  let nodes: Element[] = [];
  chart.on('draw', (event: { type: string; index?: number; x?: number; y?: number; x1?: number; y2?: number; element?: { getNode(): Element } }) => {
    if (event.type !== 'bar' && event.type !== 'point') return;
    const index = event.index ?? 0;
    positions[index] = event.type === 'bar' ? { x: event.x1 ?? 0, y: event.y2 ?? 0 } : { x: event.x ?? 0, y: event.y ?? 0 };
    if (event.element) nodes[index] = event.element.getNode();
  });
  chart.on('created', (event: { chartRect?: { x1: number; x2: number } }) => {
    // a bar takes most of its bucket's width, whatever the number of buckets (redrawn on resize)
    if (o.kind === 'bar' && event.chartRect) {
      const band = Math.abs(event.chartRect.x2 - event.chartRect.x1) / Math.max(1, o.labels.length);
      const barWidth = Math.max(2, Math.min(28, Math.floor(band * 0.6)));
      for (const node of nodes) node?.setAttribute('style', `stroke-width: ${barWidth}px`);
    }
    o.onDrawn([...positions]);
  });
  chart.on('data', () => {
    positions = [];
    nodes = [];
  });
  return {
    get positions() {
      return positions;
    },
    mark(index) {
      nodes.forEach((node, i) => node?.classList.toggle('is-active', i === index));
    },
    detach() {
      chart.detach();
    },
  };
}
