import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * A pg client that runs every parameterised query as a named (prepared) statement, named after a
 * hash of its text. PostgreSQL then parses each distinct statement once per connection instead of
 * on every request (docs/decisions.md "Prepared statements"). The set of names is bounded: past
 * MAX_NAMED distinct texts (built queries such as `id in ($1, …, $n)` vary), queries run unnamed.
 * Each server connection keeps what it prepared until it closes, so the bound is also what one
 * PostgreSQL backend may hold: a few KB a statement, some MB at most.
 */
export const MAX_NAMED = 2000;
const names = new Map<string, string>();

export function statementName(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED) {
    name = `s${createHash('sha1').update(text).digest('base64url')}`;
    names.set(text, name);
  }
  return name;
}

type QueryConfig = { text?: unknown; name?: unknown; submit?: unknown };

export class PreparingClient extends pg.Client {
  // pg's query() has many overloads; this only rewrites the plain (config, values) form.
  override query(config: any, values?: any, callback?: any): any {
    if (Array.isArray(values) && values.length > 0) {
      if (typeof config === 'string') {
        const name = statementName(config);
        if (name) config = { text: config, name };
      } else if (config && typeof config === 'object') {
        const c = config as QueryConfig;
        if (typeof c.submit !== 'function' && typeof c.text === 'string' && !c.name) {
          const name = statementName(c.text);
          if (name) config = { ...config, name };
        }
      }
    }
    return super.query(config, values, callback);
  }
}
