import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:souk-locale/';
/** Message groups only the back office uses: loaded with its pages, never by the storefront. */
const BACKOFFICE_GROUPS = ['page', 'editor', 'menu', 'validate', 'dashboard', 'shell'];
const isBackoffice = (key: string) => BACKOFFICE_GROUPS.includes(key.split('.')[0]);

/**
 * Serves `virtual:souk-locale/<name>` (storefront and shared messages) and
 * `virtual:souk-locale/<name>/backoffice` (the rest) from locales/<name>.json, every message already parsed
 * to the ICU AST, and in production builds swaps react-intl's runtime parser for its no-parser
 * build: the storefront then ships no message parser at all (about 9 KB gzip less).
 */
export function precompiledLocales(): Plugin {
  return {
    name: 'souk-precompiled-locales',
    config(_config, env) {
      if (env.command !== 'build') return;
      return {
        resolve: {
          alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }],
        },
      };
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return;
      const [name, part] = id.slice(PREFIX.length + 1).split('/');
      if (!/^[a-z-]+$/.test(name) || (part !== undefined && part !== 'backoffice')) throw new Error(`bad locale module ${id}`);
      const file = resolve('locales', `${name}.json`);
      this.addWatchFile(file);
      const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      const wanted = Object.entries(messages).filter(([key]) => isBackoffice(key) === (part === 'backoffice'));
      const compiled = Object.fromEntries(wanted.map(([key, text]) => [key, parse(text)]));
      return `export default ${JSON.stringify(compiled)};`;
    },
  };
}
