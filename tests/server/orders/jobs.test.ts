import { eq, inArray } from 'drizzle-orm';
import { scheduledJobs, type Cron } from 'croner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configs, order_logs, orders } from '../../../server/db/schema';
import { startJobs } from '../../../server/jobs';
import { cancelUnpaidOrders, confirmShippedOrders } from '../../../server/jobs/orderTasks';
import { changeOrderState } from '../../../server/modules/orders/states';
import { openTestServer, type TestServer } from '../helpers';
import { buildFixture, create, makeGoods, makeShopper, stockOf, type Fixture } from './fixtures';

let s: TestServer;
let f: Fixture;
beforeAll(async () => {
  s = await openTestServer();
  f = await buildFixture(s);
});
afterAll(async () => {
  await s.close();
});

const scheduled = () => scheduledJobs as Cron[];
const countJobs = () => scheduled().filter((j) => j.name?.startsWith('orders.') && !j.isStopped()).length;

const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000);
const statusOf = async (ids: number[]) => (await s.db.select({ id: orders.id, status: orders.order_status }).from(orders).where(inArray(orders.id, ids)).orderBy(orders.id)).map((r) => r.status);

async function placeOrders(n: number) {
  const shopper = await makeShopper(s);
  const g = await makeGoods(s, { store_id: f.store, goods_name: '定时任务商品', goods_stock: 50 });
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await create(s, shopper.token, { address: shopper.address, lines: [{ goods_id: g, buy_num: 2 }] });
    expect(res.code, res.msg).toBe(200);
    ids.push(res.data.order_id[0]);
  }
  return { goods: g, ids };
}

describe('timed task: cancel unpaid orders', () => {
  it('cancels orders unpaid for longer than task.cancel_minutes as the system, stock back once, and logs the run', async () => {
    const { goods, ids } = await placeOrders(3);
    await s.db.transaction((tx) => changeOrderState(tx, { orderId: ids[2], action: 'pay', actor: 'system' }));
    expect((await stockOf(s, goods)).goods).toBe(44);
    const lines: string[] = [];
    const log = (line: string) => lines.push(line);

    // not yet due (29 minutes on; the seeded demo order, 5 minutes old, is)
    expect((await cancelUnpaidOrders(s.db, { now: minutesFromNow(29), log })).failed).toBe(0);
    expect(await statusOf(ids)).toEqual([1, 1, 2]);

    const due = await cancelUnpaidOrders(s.db, { now: minutesFromNow(31), log });
    expect(due.done).toBeGreaterThanOrEqual(2);
    expect(await statusOf(ids)).toEqual([0, 0, 2]);
    expect((await stockOf(s, goods)).goods).toBe(48);
    const [log0] = await s.db.select().from(order_logs).where(eq(order_logs.order_id, ids[0])).orderBy(order_logs.id).offset(1);
    expect(log0).toMatchObject({ action: 'cancel', from_status: 1, to_status: 0, actor: 'system', actor_name: '系统' });
    expect(log0.note).toContain('30');

    // a second run finds nothing left: no stock returned twice
    expect((await cancelUnpaidOrders(s.db, { now: minutesFromNow(31), log })).done).toBe(0);
    expect((await stockOf(s, goods)).goods).toBe(48);
    expect(lines[0]).toMatch(/^\[jobs\] cancel unpaid orders \(older than 30 min\): \d+ cancelled$/);
    expect(lines[2]).toBe('[jobs] cancel unpaid orders (older than 30 min): 0 cancelled');
    expect(lines[1]).toMatch(/cancelled$/);
  });

  it('takes task.cancel_minutes from the configuration and claims at most a batch per run', async () => {
    const { ids } = await placeOrders(3);
    const setTask = (minutes: string) => s.db.update(configs).set({ content: JSON.stringify({ cancel_minutes: minutes, confirm: '4', settlement: '7' }) }).where(eq(configs.name, 'task'));
    await setTask('5');
    try {
      const first = await cancelUnpaidOrders(s.db, { now: minutesFromNow(6), batch: 2, log: () => {} });
      expect(first.done).toBe(2);
      expect((await statusOf(ids)).filter((st) => st === 0).length).toBeLessThanOrEqual(2);
      let runs = 1;
      while ((await cancelUnpaidOrders(s.db, { now: minutesFromNow(6), batch: 2, log: () => {} })).done > 0) runs++;
      expect(runs).toBeGreaterThanOrEqual(2);
      expect(await statusOf(ids)).toEqual([0, 0, 0]);
    } finally {
      await setTask('30');
    }
  });
});

describe('timed task: confirm receipt', () => {
  it('confirms orders shipped more than task.confirm days ago, as the system', async () => {
    const { ids } = await placeOrders(2);
    for (const orderId of ids) {
      await s.db.transaction(async (tx) => {
        await changeOrderState(tx, { orderId, action: 'pay', actor: 'system' });
        await changeOrderState(tx, { orderId, action: 'ship', actor: 'seller', set: { delivery_code: 'sf', delivery_no: 'SF1' } });
      });
    }
    const lines: string[] = [];
    // 3 days on: not yet (the seeded demo order shipped a day ago is due then)
    expect((await confirmShippedOrders(s.db, { now: minutesFromNow(3 * 24 * 60), log: (l) => lines.push(l) })).failed).toBe(0);
    expect(await statusOf(ids)).toEqual([3, 3]);
    const due = await confirmShippedOrders(s.db, { now: minutesFromNow(4 * 24 * 60 + 1), log: (l) => lines.push(l) });
    expect(due.done).toBeGreaterThanOrEqual(2);
    expect(await statusOf(ids)).toEqual([4, 4]);
    const [row] = await s.db.select().from(orders).where(eq(orders.id, ids[0]));
    expect(row.receipt_time).not.toBeNull();
    const logs = await s.db.select().from(order_logs).where(eq(order_logs.order_id, ids[0])).orderBy(order_logs.id);
    expect(logs.at(-1)).toMatchObject({ action: 'receive', from_status: 3, to_status: 4, actor: 'system' });
    expect(lines[1]).toMatch(/^\[jobs\] confirm receipt \(shipped over 4 days ago\): \d+ confirmed$/);
  });
});

describe('startJobs', () => {
  it('schedules the order tasks every minute (stop ends them); JOBS=off schedules nothing', async () => {
    const services = { database: s.database, db: s.db, config: s.config };
    const before = countJobs();
    const running = startJobs(services, {});
    try {
      const jobs = scheduled().filter((j) => j.name?.startsWith('orders.'));
      expect(jobs.map((j) => j.name).sort()).toEqual(['orders.cancelUnpaid', 'orders.confirmShipped', 'orders.defaultReviews']);
      for (const job of jobs) expect(job.getPattern()).toBe('* * * * *');
    } finally {
      await running.stop();
    }
    expect(countJobs()).toBe(before);
    await startJobs(services, { JOBS: 'off' }).stop();
    expect(countJobs()).toBe(before);
  });

  it('runs the frequent tasks on JOBS_SCHEDULE, counts each run in the metrics, and stop() waits for a run in progress', async () => {
    const { createMetrics } = await import('../../../server/ops/metrics');
    const metrics = createMetrics({ defaults: false });
    const services = { database: s.database, db: s.db, config: { ...s.config, jobsSchedule: '* * * * * *' }, ops: { metrics } };
    const running = startJobs(services, {});
    try {
      expect(scheduled().find((j) => j.name === 'orders.cancelUnpaid')?.getPattern()).toBe('* * * * * *');
      expect(scheduled().find((j) => j.name === 'settlement.orders')?.getPattern()).toBe('17 * * * *');
      // the runs of the next second
      await new Promise((r) => setTimeout(r, 1500));
    } finally {
      await running.stop();
    }
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/souk_job_runs_total\{job="orders\.cancelUnpaid",outcome="ok"\} [1-9]/);
    expect(text).toMatch(/souk_job_duration_seconds_count\{job="orders\.cancelUnpaid"\} [1-9]/);
  });
});
