/**
 * Data named in two languages: a Chinese name (`name`, always there) and an optional English one
 * (`ename`): back-office menus, goods classes, brands. The one place that picks which of them a
 * reader sees.
 */

export interface TwoNames {
  name: string;
  ename?: string | null;
}

/** The reference's placeholder English name (menus seeded by the original shop), never shown. */
const ENAME_PLACEHOLDER = 'Menu Name';

/** The name in a language: the English name in English when there is one, else the (Chinese) name. */
export function localName(item: TwoNames, locale: string): string {
  const ename = item.ename?.trim();
  return locale === 'en' && ename && ename !== ENAME_PLACEHOLDER ? ename : item.name;
}

/** A tree (`children`) with every node's `name` replaced by its name in the language. */
export function localizeTree<T extends TwoNames & { children?: T[] | null }>(items: readonly T[], locale: string): T[] {
  return items.map((item) => ({ ...item, name: localName(item, locale), ...(item.children ? { children: localizeTree(item.children, locale) } : {}) }));
}
