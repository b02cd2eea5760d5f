import type { Hono } from 'hono';
import type { AppEnv } from '../http/context';

/**
 * Every domain module mounts its routes here, under /api. Order matters only where a
 * static path and a parameterised one overlap.
 */
export function mountModules(api: Hono<AppEnv>) {
  void api;
}
