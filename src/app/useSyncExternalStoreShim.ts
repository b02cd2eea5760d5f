/**
 * Stands in for `use-sync-external-store/shim` (vite.config.ts `resolve.alias`), which
 * @xstate/react and wouter import for React < 18: React 19 has the hook, and the shim's own code
 * would hand it back anyway, after shipping its fallback (0.8 KB gzip on every page).
 */
export { useSyncExternalStore } from 'react';
