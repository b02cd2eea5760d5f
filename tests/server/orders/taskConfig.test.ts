import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configs } from '../../../server/db/schema';
import { parseTaskConfig, readTaskConfig, TASK_DEFAULTS } from '../../../server/modules/orders/taskConfig';
import { openTestServer, type TestServer } from '../helpers';

/** The `task` configuration: readTaskConfig, and migration 0008 on a database seeded before it. */
let s: TestServer;
beforeAll(async () => {
  s = await openTestServer();
});
afterAll(() => s.close());

const MIGRATION = new URL('../../../server/db/migrations/0008_task_cancel_minutes.sql', import.meta.url);
const migrate = () => s.db.execute(sql.raw(readFileSync(MIGRATION, 'utf8')));
const setTask = (content: string) => s.db.update(configs).set({ content }).where(eq(configs.name, 'task'));
const stored = async () => JSON.parse((await s.db.select({ content: configs.content }).from(configs).where(eq(configs.name, 'task')))[0].content);

describe('task configuration', () => {
  it('readTaskConfig reads the seeded row; bad values fall back to the defaults', async () => {
    expect(await readTaskConfig(s.db)).toEqual({ cancelMinutes: 30, confirmDays: 4, settlementDays: 7, refundDays: 7, commentDays: 7 });
    expect(parseTaskConfig('{"cancel_minutes":"45","confirm":2,"settlement":"10","refund":"15","comment":"3"}')).toEqual({ cancelMinutes: 45, confirmDays: 2, settlementDays: 10, refundDays: 15, commentDays: 3 });
    for (const bad of [null, '', 'not json', '[1]', '{"cancel_minutes":"0","confirm":"-1","settlement":"1.5"}', '{"cancel_minutes":"99999"}']) expect(parseTaskConfig(bad)).toEqual(TASK_DEFAULTS);
  });

  it('migration 0008: the seeded 1 day becomes 30 minutes, an operator\'s days become minutes, confirm and settlement stay', async () => {
    await setTask('{"cancel":"1","confirm":"4","settlement":"7"}');
    await migrate();
    expect(await stored()).toEqual({ cancel_minutes: '30', confirm: '4', settlement: '7' });
    await setTask('{"cancel":"3","confirm":"5","settlement":"9"}');
    await migrate();
    expect(await stored()).toEqual({ cancel_minutes: '4320', confirm: '5', settlement: '9' });
    await setTask('{"cancel":"30","confirm":"5","settlement":"9"}');
    await migrate();
    expect((await stored()).cancel_minutes).toBe('10080');
    // already migrated: untouched
    await setTask('{"cancel_minutes":"15","confirm":"5","settlement":"9"}');
    await migrate();
    expect(await stored()).toEqual({ cancel_minutes: '15', confirm: '5', settlement: '9' });
    // a broken row gets the defaults instead of failing the migration
    await setTask('oops');
    await migrate();
    expect(await stored()).toEqual({ cancel_minutes: '30', confirm: '4', settlement: '7' });
    expect(await readTaskConfig(s.db)).toEqual(TASK_DEFAULTS);
  });
});
