import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:souk-locale/';
/** Message groups only the back office uses: loaded with its pages, never by the storefront. */
const BACKOFFICE_GROUPS = ['page', 'editor', 'menu', 'validate', 'dashboard', 'shell', 'ux'];
const isBackoffice = (key: string) => BACKOFFICE_GROUPS.includes(key.split('.')[0]);
/**
 * Storefront pages whose messages load with the page (src/app/i18n.ts `ensureMessages`), so they
 * do not weigh on the first paint: part name → key prefixes.
 */
export const LAZY_SHOP_PARTS: Record<string, string[]> = { auth: ['auth.', 'sms.'], forms: ['table.', 'form.', 'upload.', 'user.', 'address.', 'refund.', 'leave.', 'trace.', 'map.'], cart: ['shop.cart.', 'shop.order.'], join: ['shop.join.'], catalogue: ['shop.goods.', 'shop.store.', 'shop.stores.', 'shop.reviews.', 'shop.fav.', 'shop.sort.', 'shop.list.'], ucentre: ['ucentre.'], points: ['shop.points.'], promo: ['shop.promo.'], chat: ['chat.'] };
/**
 * Shared-looking keys that only some pages show: the table page's buttons and prompts (back
 * office), the SKU and cart quantity errors (goods and cart pages, which both load `forms`),
 * the agreement prompt of the store application, and the others below.
 */
const KEY_PARTS: Record<string, string> = {
  ...Object.fromEntries(
    ['btn.add', 'btn.choose', 'btn.collapse', 'btn.delete', 'btn.edit', 'btn.expand', 'btn.export', 'btn.import', 'btn.query', 'btn.reset', 'btn.search', 'btn.submit', 'btn.view', 'msg.deleteConfirm', 'msg.waitSetting', 'msg.warning', 'msg.requiredMsg'].map((key) => [key, 'backoffice']),
  ),
  ...Object.fromEntries(['home.goods.buyNumErr', 'home.goods.cartEmpty', 'home.goods.createOrderThr', 'home.goods.minimumErr', 'home.goods.skuErr', 'home.goods.stockErr'].map((key) => [key, 'forms'])),
  'home.check.notCheck': 'join',
  // dialog buttons and the selection prompt (cart and back office, which both load `forms`), and
  // spec messages no page shows yet: none is on the home page's first paint
  ...Object.fromEntries(
    ['btn.cancel', 'btn.confirm', 'btn.save', 'msg.selectErr', 'msg.loginFail', 'msg.loginSuc', 'msg.orderProcessing', 'msg.payPasswordThr', 'msg.abnormal', 'msg.dataAbn', 'home.classes', 'home.welcome'].map((key) => [key, 'forms']),
  ),
  // the login forms' own prompts, and the goods / store not-found state
  'msg.loginAbn': 'auth',
  'msg.reInputError': 'auth',
  'shop.state.missingHint': 'catalogue',
  'shop.state.home': 'catalogue',
};

/** The module a key belongs to: 'backoffice', a lazy storefront part, or '' (the storefront's own). */
export function partOf(key: string): string {
  if (Object.hasOwn(KEY_PARTS, key)) return KEY_PARTS[key];
  if (isBackoffice(key)) return 'backoffice';
  return Object.entries(LAZY_SHOP_PARTS).find(([, prefixes]) => prefixes.some((prefix) => key.startsWith(prefix)))?.[0] ?? '';
}

/**
 * Serves `virtual:souk-locale/<name>` (storefront and shared messages) and
 * `virtual:souk-locale/<name>/backoffice` (the rest) and `virtual:souk-locale/<name>/<part>` (the
 * messages of one lazily loaded storefront page, LAZY_SHOP_PARTS) from locales/<name>.json, every message already parsed
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
      if (!/^[a-z-]+$/.test(name) || (part !== undefined && part !== 'backoffice' && !(part in LAZY_SHOP_PARTS))) throw new Error(`bad locale module ${id}`);
      const file = resolve('locales', `${name}.json`);
      this.addWatchFile(file);
      const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      const wanted = Object.entries(messages).filter(([key]) => partOf(key) === (part ?? ''));
      const compiled = Object.fromEntries(wanted.map(([key, text]) => [key, parse(text)]));
      return `export default ${JSON.stringify(compiled)};`;
    },
  };
}
