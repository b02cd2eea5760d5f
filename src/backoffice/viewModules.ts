/**
 * Module loaders for every view under src/backoffice/views, keyed by the menu's `view` string.
 * Kept out of src/app so the storefront entry does not carry the back office's table of chunks.
 */
const viewModules = import.meta.glob<{ default: React.ComponentType }>('./views/**/*.tsx');

export function viewLoader(view: string): (() => Promise<{ default: React.ComponentType }>) | null {
  const key = `./views/${view.replace(/^\/+/, '').replace(/\.tsx$/, '')}.tsx`;
  return viewModules[key] ?? null;
}
