import { asc, isNull } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import type { Db } from '../../db/client';
import { goods_brands, goods_classes } from '../../db/schema';
import type { AppEnv } from '../../http/context';
import { ok } from '../../http/envelope';
import { memoFor } from '../../http/memo';
import { deepOf, nestRows, type TreeNode } from '../content/tree';

/**
 * Goods classes and brands for the storefront: the 3-level class tree (by is_sort) and the brand
 * list, read at most once per CATALOGUE_TTL_MS per instance (they are on every page through
 * /api/common). `forgetCatalogue(db)` after an admin edit shows the change at once here.
 */
export const CATALOGUE_TTL_MS = 5000;

export interface ClassRow {
  id: number;
  name: string;
  /** The English name ('' when it has none). */
  ename: string;
  pid: number;
  thumb: string;
}
export type ClassNode = TreeNode<ClassRow>;
export interface BrandRow {
  id: number;
  name: string;
  /** The English name ('' when it has none). */
  ename: string;
  thumb: string;
}

export interface Catalogue {
  tree: ClassNode[];
  brands: BrandRow[];
  /** Every class in the tree by id (with lev), for breadcrumbs and expansions. */
  byId: Map<number, ClassNode>;
  brandById: Map<number, BrandRow>;
}

async function loadCatalogue(db: Db): Promise<Catalogue> {
  const [classes, brands] = await Promise.all([
    db
      .select({ id: goods_classes.id, name: goods_classes.name, ename: goods_classes.ename, pid: goods_classes.pid, thumb: goods_classes.thumb })
      .from(goods_classes)
      .where(isNull(goods_classes.deleted_at))
      .orderBy(asc(goods_classes.is_sort), asc(goods_classes.id)),
    db
      .select({ id: goods_brands.id, name: goods_brands.name, ename: goods_brands.ename, thumb: goods_brands.thumb })
      .from(goods_brands)
      .where(isNull(goods_brands.deleted_at))
      .orderBy(asc(goods_brands.is_sort), asc(goods_brands.id)),
  ]);
  const tree = nestRows(classes, (r) => r.id, (r) => r.pid, 0, 2);
  const byId = new Map<number, ClassNode>();
  const walk = (nodes: ClassNode[]) =>
    nodes.forEach((node) => {
      byId.set(node.id, node);
      if (node.children) walk(node.children);
    });
  walk(tree);
  return { tree, brands, byId, brandById: new Map(brands.map((b) => [b.id, b])) };
}

const memos = new WeakMap<Db, ReturnType<typeof memoFor<Catalogue>>>();

export function catalogueOf(db: Db): Promise<Catalogue> {
  let memo = memos.get(db);
  if (!memo) memos.set(db, (memo = memoFor(CATALOGUE_TTL_MS, () => loadCatalogue(db))));
  return memo.get();
}

/** Call after writing goods classes or brands, so this instance shows the change at once. */
export function forgetCatalogue(db: Db): void {
  memos.get(db)?.clear();
}

/** The tree cut below level `deep` (0-based; -1 = all). */
export function cutTree(nodes: ClassNode[], deep: number): ClassNode[] {
  if (deep < 0) return nodes;
  return nodes.map(({ children, ...node }) =>
    node.lev < deep && children ? { ...node, children: cutTree(children, deep) } : (node as ClassNode),
  );
}

/** A class id and every class below it (a level-3 id is itself only). Unknown ids give nothing. */
export function withDescendants(catalogue: Catalogue, ids: number[]): number[] {
  const out = new Set<number>();
  const add = (node: ClassNode) => {
    out.add(node.id);
    node.children?.forEach(add);
  };
  for (const id of ids) {
    const node = catalogue.byId.get(id);
    if (node) add(node);
  }
  return [...out];
}

/** [leaf, parent, grandparent] of a class, as `{id, name, ename, pid}`. */
export function classPath(catalogue: Catalogue, classId: number): { id: number; name: string; ename: string; pid: number }[] {
  const path: { id: number; name: string; ename: string; pid: number }[] = [];
  let node = catalogue.byId.get(classId);
  while (node && path.length < 3) {
    path.push({ id: node.id, name: node.name, ename: node.ename, pid: node.pid });
    node = node.pid ? catalogue.byId.get(node.pid) : undefined;
  }
  return path;
}

/** GET /api/load_goods_classes?deep=N: the class tree `{id,name,ename,thumb,pid,lev,children?}`. */
async function loadGoodsClasses(c: Context<AppEnv>) {
  const catalogue = await catalogueOf(c.get('services').db);
  return ok(c, cutTree(catalogue.tree, deepOf(c.req.query('deep'))));
}

export function mountClasses(api: Hono<AppEnv>) {
  api.get('/load_goods_classes', loadGoodsClasses);
}
