import type { ComponentType } from 'react';
import { TablePage } from './TablePage';
import type { PageConfig } from './types';

/**
 * A back-office view from a page configuration: `export default definePage({ columns, … })`.
 * The configuration is read once per mount; keep it a module-level constant.
 */
export function definePage(config: PageConfig): ComponentType {
  function ConfiguredTablePage() {
    return <TablePage config={config} />;
  }
  return ConfiguredTablePage;
}
