import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { RawIntlProvider, type IntlShape } from 'react-intl';
import { App } from '../app/App';
import { createAppIntl, type Messages } from '../app/i18n';
import type { Locale } from '../app/locale';
import { ServerPageContext } from '../app/serverRender';
import type { PageRenderer, RenderInput, RenderPart } from '../../server/http/serverRender';

/**
 * Server rendering of the storefront pages whose largest paint would otherwise wait for the
 * whole app to boot (the home page, a goods page). Built by `vite build --ssr` into dist-ssr/
 * and loaded by the server at run time (server/http/serverRender.ts). The tree is the browser's
 * (src/app/boot.tsx), so the browser hydrates the HTML instead of painting it again.
 */

type Part = 'shop' | RenderPart;
/** The same modules the browser loads (src/app/i18n.ts), loaded once by `warm`. */
const MESSAGE_MODULES: Record<Locale, Record<Part, () => Promise<{ default: Messages }>>> = {
  'zh-cn': {
    shop: () => import('virtual:souk-locale/zh-cn'),
    catalogue: () => import('virtual:souk-locale/zh-cn/catalogue'),
    forms: () => import('virtual:souk-locale/zh-cn/forms'),
    promo: () => import('virtual:souk-locale/zh-cn/promo'),
  },
  en: {
    shop: () => import('virtual:souk-locale/en'),
    catalogue: () => import('virtual:souk-locale/en/catalogue'),
    forms: () => import('virtual:souk-locale/en/forms'),
    promo: () => import('virtual:souk-locale/en/promo'),
  },
};
const MESSAGES = new Map<string, Messages>();

async function loadMessages() {
  for (const [locale, parts] of Object.entries(MESSAGE_MODULES)) {
    for (const [part, load] of Object.entries(parts)) MESSAGES.set(`${locale}/${part}`, (await load()).default);
  }
}

const intls = new Map<string, IntlShape>();
function intlOf(locale: Locale, parts: RenderPart[]): IntlShape {
  const key = `${locale}:${parts.join(',')}`;
  let intl = intls.get(key);
  if (!intl) {
    const messages = Object.assign({}, ...['shop', ...parts].map((part) => MESSAGES.get(`${locale}/${part}`))) as Messages;
    intls.set(key, (intl = createAppIntl(locale, messages)));
  }
  return intl;
}

function tree({ locale, parts, ...page }: RenderInput) {
  return (
    <StrictMode>
      <ServerPageContext.Provider value={page}>
        <RawIntlProvider value={intlOf(locale, parts)}>
          <App />
        </RawIntlProvider>
      </ServerPageContext.Provider>
    </StrictMode>
  );
}

/**
 * The root's HTML for a page, or null before `warm` or when a route module was still loading (its
 * boundary was left to the browser): the page is then served without server HTML.
 */
export const render: PageRenderer['render'] = (input) => {
  if (!MESSAGES.size) return null;
  const html = renderToString(tree(input));
  return html.includes('<!--$!-->') ? null : html;
};

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

/**
 * Render each page until its route module has loaded (a first render starts loading it), so
 * that `render` never meets a loading one. (react-dom/static's prerender would wait by itself,
 * but leaves the contexts it suspended in set for the renders after it.)
 */
export const warm: PageRenderer['warm'] = async (pages) => {
  if (!MESSAGES.size) await loadMessages();
  for (const { path, parts } of pages) {
    for (let attempt = 0; attempt < 250; attempt++) {
      if (render({ path, search: '', data: {}, locale: 'zh-cn', parts }) !== null) break;
      await tick();
    }
  }
};
