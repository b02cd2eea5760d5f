import type { Context, Hono } from 'hono';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AppEnv } from '../context';
import { destroyAction, indexAction, showAction, storeAction, updateAction } from './actions';
import { importAction } from './import';
import { CRUD_ACTIONS, type ColumnKey, type CrudAction, type Guard, type Resource } from './resource';

/**
 * The routes of a resource: composition above the definition (resource.ts), the generic
 * actions (actions.ts) and the import (import.ts), so none of those imports this.
 */

/** A handler for one resource action (same signature as the generic ones in crud/actions). */
export type ActionHandler = (c: Context<AppEnv>, resource: Resource) => Promise<Response>;

export interface MountOptions {
  /** Actions to mount (default all six). Read-only pages pass ['index', 'show']. */
  only?: readonly CrudAction[];
  /** Replacements for the generic handler of some actions (same route, same guard). */
  handlers?: Partial<Record<CrudAction, ActionHandler>>;
}

/**
 * Registers the reference's resource routes under `path` (e.g. '/Admin/widgets'):
 * GET path (list) · GET path/:id · POST path · PUT|PATCH path/:id · DELETE path/:ids ·
 * POST path/import/excel. `guard` runs first on each, before any input is read. `options` may
 * mount only some actions and replace the generic handler of some (crud-guards mountResourceWith).
 */
export function mountResource<T extends PgTable, RK extends ColumnKey<T>, Out>(
  app: Hono<AppEnv>,
  path: string,
  resource: Resource<T, RK, Out>,
  guard: Guard,
  options: MountOptions = {},
): void {
  const base = path.replace(/\/+$/, '');
  const only = new Set(options.only ?? CRUD_ACTIONS);
  const r = resource as unknown as Resource;
  const generic: Record<CrudAction, ActionHandler> = {
    index: indexAction,
    show: showAction,
    store: storeAction,
    update: updateAction,
    destroy: destroyAction,
    // An import updates the rows its keys name: only where the page has an update, and only for
    // a caller the update's guard admits.
    import: (c, res) => importAction(c, res, { mayUpdate: only.has('update') ? () => guard(c, 'update', resource.permissions.update) : undefined }),
  };
  const run = (action: CrudAction) => async (c: Context<AppEnv>) => {
    await guard(c, action, resource.permissions[action]);
    return (options.handlers?.[action] ?? generic[action])(c, r);
  };
  if (only.has('index')) app.get(base, run('index'));
  if (only.has('import')) app.post(`${base}/import/excel`, run('import'));
  if (only.has('show')) app.get(`${base}/:id`, run('show'));
  if (only.has('store')) app.post(base, run('store'));
  if (only.has('update')) {
    app.put(`${base}/:id`, run('update'));
    app.patch(`${base}/:id`, run('update'));
  }
  if (only.has('destroy')) app.delete(`${base}/:ids`, run('destroy'));
}
