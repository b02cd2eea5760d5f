import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Message parts a server-rendered page needs besides the storefront's. */
export type RenderPart = 'catalogue' | 'forms' | 'promo';

export interface RenderInput {
  path: string;
  /** The query without `?`. */
  search: string;
  locale: 'zh-cn' | 'en';
  parts: RenderPart[];
  /** The API answers the page renders with, by the keys the pages read (`adv:<space>`, `home`, `common`, `goods:<id>`). */
  data: Record<string, unknown>;
}

/**
 * What the storefront's server build exports (src/ssr/render.tsx, built by `npm run build` into
 * `<dist>-ssr/render.js`). The server loads that file at run time and imports nothing from src/.
 */
export interface PageRenderer {
  /** The root's HTML, or null when the page cannot be rendered yet. */
  render(input: RenderInput): string | null;
  /** Load the route modules of these pages, so that `render` never meets a loading one. */
  warm(pages: { path: string; parts: RenderPart[] }[]): Promise<void>;
}

/** The server build next to the SPA's, warmed for these pages; null without one (e.g. unit tests). */
export async function loadRenderer(distDir: string, pages: { path: string; parts: RenderPart[] }[]): Promise<PageRenderer | null> {
  const file = join(`${distDir}-ssr`, 'render.js');
  if (!existsSync(file)) return null;
  try {
    const renderer = (await import(pathToFileURL(file).href)) as PageRenderer;
    await renderer.warm(pages);
    return renderer;
  } catch (error) {
    console.error('[souk] server rendering unavailable, pages are rendered in the browser:', error);
    return null;
  }
}
