import type { Hono } from 'hono';
import { notices } from '../../db/schema';
import { defineResource, formFlag, formText } from '../../http/crud';
import { mountAdminResource } from '../../http/crud-guards';
import type { AppEnv } from '../../http/context';
import { stampCreator } from './owner';
import { formRichText } from './richText';

/** Platform notices (reference §5.10); `content` is rich text. */
export const noticesResource = defineResource({
  table: notices,
  area: 'admin',
  name: 'notices',
  columns: {
    readable: ['id', 'belong_id', 'tag', 'name', 'content', 'is_type', 'is_send', 'created_at', 'updated_at'],
    writable: {
      name: formText({ max: 35, min: 1 }),
      tag: formText({ max: 20 }).optional(),
      content: formRichText().optional(),
      is_type: formFlag().optional(),
      is_send: formFlag().optional(),
    },
    filterable: ['id', 'name', 'tag', 'content', 'is_type', 'is_send', 'created_at'],
  },
  softDelete: true,
  beforeWrite: stampCreator,
});

export function mountNotices(api: Hono<AppEnv>) {
  mountAdminResource(api, '/Admin/notices', noticesResource);
}
