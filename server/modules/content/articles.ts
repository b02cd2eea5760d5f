import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { article_menus, articles } from '../../db/schema';
import { defineResource, formInt, formText, type WriteContext } from '../../http/crud';
import { mountAdminResource } from '../../http/crud-guards';
import type { AppEnv } from '../../http/context';
import { fail, ok } from '../../http/envelope';
import './messages';
import { stampCreator } from './owner';
import { formRichText } from './richText';
import { deepOf, nestRows } from './tree';

/** Article menus (a lazy tree, `pid` 0 = root) and articles (reference §5.10). */

const invalid = (key: string, name: string) => fail(key, { field: name }, 422, { field: name });

type Tx = WriteContext['tx'];

/** A live menu; `share` locks it until the write commits, so a concurrent delete waits and then sees the new child. */
async function menuParent(tx: Tx, id: number, share = false) {
  const query = tx
    .select({ id: article_menus.id, pid: article_menus.pid })
    .from(article_menus)
    .where(and(eq(article_menus.id, id), isNull(article_menus.deleted_at)));
  const [row] = share ? await query.for('share') : await query;
  return row;
}

/** `pid` is 0 or a live menu, and never the menu itself or one of its descendants. */
async function checkMenuParent(tx: Tx, pid: number, self: number | undefined): Promise<void> {
  if (pid === 0) return;
  const seen = new Set<number>();
  for (let at: number | undefined = pid; at && at !== 0; ) {
    if (at === self || seen.has(at)) throw invalid('content.categoryLoop', 'pid');
    seen.add(at);
    const row = await menuParent(tx, at, at === pid);
    if (!row) {
      if (at === pid) throw invalid('content.parentCategoryMissing', 'pid');
      break;
    }
    at = row.pid;
  }
}

export const articleMenusResource = defineResource({
  table: article_menus,
  area: 'admin',
  name: 'article_menus',
  columns: {
    readable: ['id', 'belong_id', 'pid', 'name', 'is_sort', 'created_at'],
    writable: {
      pid: formInt({ min: 0 }),
      name: formText({ max: 35, min: 1 }),
      is_sort: formInt({ min: 0, max: 9999 }).optional(),
    },
    filterable: ['id', 'name', 'is_sort', 'created_at'],
  },
  defaultOrder: [asc(article_menus.is_sort), asc(article_menus.id)],
  tree: { parent: 'pid' },
  softDelete: true,
  dependents: [
    { table: article_menus, column: article_menus.pid, names: article_menus.name, message: 'content.menuHasChildren' },
    { table: articles, column: articles.pid, names: articles.name, message: 'content.menuHasArticles' },
  ],
  async beforeWrite(values, ctx) {
    if (values.pid !== undefined) await checkMenuParent(ctx.tx, values.pid, ctx.action === 'update' ? Number(ctx.id) : undefined);
    return stampCreator(values, ctx);
  },
});

export const articlesResource = defineResource({
  table: articles,
  area: 'admin',
  name: 'articles',
  columns: {
    readable: ['id', 'pid', 'belong_id', 'name', 'content', 'click', 'created_at', 'updated_at'],
    writable: {
      pid: formInt({ min: 1 }),
      name: formText({ max: 80, min: 1 }),
      content: formRichText().optional(),
    },
    filterable: ['id', 'pid', 'name', 'click', 'created_at'],
  },
  softDelete: true,
  async beforeWrite(values, ctx) {
    if (values.pid !== undefined && !(await menuParent(ctx.tx, values.pid, true))) throw invalid('content.categoryMissing', 'pid');
    return stampCreator(values, ctx);
  },
});

/** GET /api/load_article_menu?deep= (public): the menu tree `{id, name, pid, lev, children?}`. */
async function loadArticleMenu(c: Context<AppEnv>) {
  const rows = await c
    .get('services')
    .db.select({ id: article_menus.id, name: article_menus.name, pid: article_menus.pid })
    .from(article_menus)
    .where(isNull(article_menus.deleted_at))
    .orderBy(asc(article_menus.is_sort), asc(article_menus.id));
  return ok(c, nestRows(rows, (r) => r.id, (r) => r.pid, 0, deepOf(c.req.query('deep'))));
}

/** GET /api/article/:name (public): the article with that title; each read counts a click. */
async function articleByName(c: Context<AppEnv>) {
  const name = (c.req.param('name') ?? '').slice(0, 80);
  const db = c.get('services').db;
  const [first] = await db
    .select({ id: articles.id })
    .from(articles)
    .where(and(eq(articles.name, name), isNull(articles.deleted_at)))
    .orderBy(asc(articles.id))
    .limit(1);
  if (!first) throw fail('notFound', undefined, 404);
  const [row] = await db
    .update(articles)
    .set({ click: sql`${articles.click} + 1`, updated_at: sql`${articles.updated_at}` })
    .where(eq(articles.id, first.id))
    .returning(articlesResource.fields as Record<string, never>);
  return ok(c, articlesResource.present(row as never));
}

/** GET /api/articles (public): every live article's id, menu and title, by menu order (the help pages' list). */
async function articleTitles(c: Context<AppEnv>) {
  const rows = await c
    .get('services')
    .db.select({ id: articles.id, pid: articles.pid, name: articles.name })
    .from(articles)
    .innerJoin(article_menus, and(eq(article_menus.id, articles.pid), isNull(article_menus.deleted_at)))
    .where(isNull(articles.deleted_at))
    .orderBy(asc(article_menus.is_sort), asc(article_menus.id), asc(articles.id))
    .limit(500);
  return ok(c, rows);
}

export function mountArticles(api: Hono<AppEnv>) {
  api.get('/load_article_menu', loadArticleMenu);
  api.get('/articles', articleTitles);
  api.get('/article/:name', articleByName);
  mountAdminResource(api, '/Admin/article_menus', articleMenusResource);
  mountAdminResource(api, '/Admin/articles', articlesResource);
}
