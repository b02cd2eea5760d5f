import type { Tx } from '../client';
import { configs, sms } from '../schema';
import { seedConfigs, seedSmsTemplates } from './configs';

/** Site configuration (reference §7.3) and SMS templates. */
export async function seedSettings(tx: Tx): Promise<void> {
  await tx.insert(configs).values(
    seedConfigs.map((c) => ({
      name: c.name,
      description: c.description,
      is_type: typeof c.content === 'string' ? 0 : 1,
      content: typeof c.content === 'string' ? c.content : JSON.stringify(c.content),
    })),
  );
  // migrations may have added a template already (0035: login)
  await tx.insert(sms).values(seedSmsTemplates).onConflictDoNothing();
}
