import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { app_versions } from '../../db/schema';
import { defineResource, formFlag, formInt, formText } from '../../http/crud';
import { mountAdminResource } from '../../http/crud-guards';
import type { AppEnv } from '../../http/context';
import { ok } from '../../http/envelope';
import { formUrl } from './fields';
import { formRichText } from './richText';

export const APP_DEVICES = ['android', 'ios', 'mini'] as const;

/** App releases (reference §5.10); the app asks GET /api/app_versions?device= for the latest. */
export const appVersionsResource = defineResource({
  table: app_versions,
  area: 'admin',
  name: 'app_versions',
  columns: {
    readable: ['id', 'name', 'version', 'version_code', 'url', 'device', 'apple_id', 'is_wgt', 'content', 'created_at', 'updated_at'],
    writable: {
      name: formText({ max: 30, min: 1 }),
      version: formText({ max: 20 }).optional(),
      version_code: formInt({ min: 0 }),
      url: formUrl(150).optional(),
      device: z.enum(APP_DEVICES),
      apple_id: formText({ max: 20 }).optional(),
      is_wgt: formFlag(),
      content: formRichText().optional(),
    },
    filterable: ['id', 'name', 'version', 'version_code', 'device', 'is_wgt', 'created_at'],
  },
  softDelete: true,
});

/** GET /api/app_versions?device= (default android): the release with the highest version_code, or null. */
async function latestVersion(c: Context<AppEnv>) {
  const asked = c.req.query('device') ?? 'android';
  const device = (APP_DEVICES as readonly string[]).includes(asked) ? asked : 'android';
  const [row] = await c
    .get('services')
    .db.select(appVersionsResource.fields as never)
    .from(app_versions)
    .where(and(eq(app_versions.device, device), isNull(app_versions.deleted_at)))
    .orderBy(desc(app_versions.version_code), desc(app_versions.id))
    .limit(1);
  return ok(c, row ? appVersionsResource.present(row) : null);
}

export function mountAppVersions(api: Hono<AppEnv>) {
  api.get('/app_versions', latestVersion);
  mountAdminResource(api, '/Admin/app_versions', appVersionsResource);
}
