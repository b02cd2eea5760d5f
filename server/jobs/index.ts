import { Cron } from 'croner';
import type { Services } from '../http/context';
import { settlementDeps } from '../modules/settlement/deps';
import { settleOrders } from '../modules/settlement/settle';
import { cancelUnpaidOrders, confirmShippedOrders } from './orderTasks';
import { confirmReshippedRefunds, retryPendingRefunds } from './refundTasks';
import { reviewReceivedOrders } from './reviewTasks';
import { expireGroups } from './groupTasks';
import { foldStatistics } from '../modules/statistics/rollups';

/** The running timed tasks: `stop()` ends their schedules and waits for runs in progress. */
export interface RunningJobs {
  stop(): Promise<void>;
}

/**
 * Timed tasks of the server process (DESIGN §5), on croner schedules: every minute (JOBS_SCHEDULE), cancel unpaid
 * orders past their time, confirm receipt of orders shipped long enough ago, give the default good
 * review to orders received long enough ago (jobs/reviewTasks.ts), confirm receipt of after-sale
 * re-shipments the buyer left unconfirmed `task.confirm` days, and resend gateway
 * refunds the provider has not accepted yet (jobs/refundTasks.ts); every hour, settle the completed
 * orders received at least `task.settlement` days ago to their stores (modules/settlement/settle.ts).
 * `protect` skips a tick while the previous run is still going; the tasks themselves are safe on several instances
 * (jobs/orderTasks.ts); every two seconds, fold the dashboards' deltas into their daily rows
 * (modules/statistics/rollups.ts). Only server/main.ts starts them (tests call the run functions directly);
 * JOBS=off in the environment leaves them off. Each run is counted in the metrics
 * (souk_job_runs_total) and a graceful shutdown waits for the runs in progress.
 */
export function startJobs(services: Services, env: NodeJS.ProcessEnv = process.env): RunningJobs {
  if (env.JOBS === 'off' || env.JOBS === '0') return { stop: async () => {} };
  const { db } = services;
  const frequent = services.config.jobsSchedule ?? '* * * * *';
  const running = new Set<Promise<unknown>>();
  const metrics = services.ops?.metrics;
  const every = (name: string, run: () => Promise<unknown>, pattern = frequent) =>
    new Cron(pattern, { name, protect: true, unref: true }, async () => {
      const started = performance.now();
      const pending = run();
      running.add(pending);
      try {
        await pending;
        metrics?.observeJob(name, 'ok', (performance.now() - started) / 1000);
      } catch (err) {
        metrics?.observeJob(name, 'failed', (performance.now() - started) / 1000);
        console.error(`[jobs] ${name} failed:`, err);
      } finally {
        running.delete(pending);
      }
    });
  const jobs = [
    every('orders.cancelUnpaid', () => cancelUnpaidOrders(db)),
    every('orders.confirmShipped', () => confirmShippedOrders(db)),
    every('settlement.orders', () => settleOrders(db, { referral: settlementDeps.referral }), '17 * * * *'),
    every('payments.sendRefunds', () => retryPendingRefunds(services)),
    every('refunds.confirmReshipped', () => confirmReshippedRefunds(db)),
    every('orders.defaultReviews', () => reviewReceivedOrders(db)),
    every('groups.expire', () => expireGroups(services)),
    // the dashboards' deltas into their daily rows (they are exact before too: readers add them)
    every('statistics.fold', () => foldStatistics(db), '*/2 * * * * *'),
  ];
  return {
    async stop() {
      for (const job of jobs) job.stop();
      await Promise.allSettled([...running]);
    },
  };
}
