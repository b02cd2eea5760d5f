import type { Parser } from 'wouter';

const escape = (text: string) => text.replace(/[.+^${}()|[\]\\]/g, '\\$&');

/**
 * wouter route parser with case-sensitive matching (spec §2: "Route matching is case-sensitive";
 * wouter's default regexparam parser ignores case). Supports `/a/:id`, `/a/:id?`, `/a/*`.
 */
export const caseSensitiveParser: Parser = (route, loose) => {
  const keys: string[] = [];
  let pattern = '';
  for (const part of route.split('/').filter(Boolean)) {
    if (part.startsWith('*')) {
      keys.push('*');
      pattern += part[1] === '?' ? '(?:/(.*))?' : '/(.*)';
    } else if (part.startsWith(':')) {
      const optional = part.endsWith('?');
      keys.push(part.slice(1, optional ? -1 : undefined));
      pattern += optional ? '(?:/([^/]+?))?' : '/([^/]+?)';
    } else {
      pattern += `/${escape(part)}`;
    }
  }
  return { keys, pattern: new RegExp(`^${pattern}${loose ? '(?=$|/)' : '/?$'}`) };
};
