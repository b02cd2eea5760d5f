import type { TraceStep, TrackingProvider } from './types';

/**
 * Test mode (no tracking keys configured): a sample trace built from the shipping time, so the
 * pages can be tried; the answer says test_mode and the pages label it. Nothing is fetched.
 */
const HOUR = 3600_000;
const SAMPLE: [number, string][] = [
  [0, '【测试模式】快件已揽收（示例轨迹，未查询快递公司）'],
  [8, '【测试模式】快件已到达转运中心（示例轨迹）'],
  [20, '【测试模式】快件正在派送中（示例轨迹）'],
];

const pad = (n: number) => String(n).padStart(2, '0');
/** 'YYYY-MM-DD HH:MM:SS' in China time. */
function chinaTime(ms: number): string {
  const d = new Date(ms + 8 * HOUR);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

export function devTrackingProvider(now: () => number = Date.now): TrackingProvider {
  return {
    name: 'dev',
    testMode: true,
    async track({ shippedAt }) {
      const start = shippedAt ? Date.parse(`${shippedAt.replace(' ', 'T')}+08:00`) : now();
      const steps: TraceStep[] = SAMPLE.filter(([hours]) => start + hours * HOUR <= now())
        .map(([hours, text]) => ({ time: chinaTime(start + hours * HOUR), text }))
        .reverse();
      return { state: steps.length ? 'transit' : 'unknown', steps };
    },
  };
}
