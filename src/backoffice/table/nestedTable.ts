import { createContext, type ComponentType, type ReactNode } from 'react';
import type { Row } from '../../../machines/table';
import type { PageConfig } from './types';

export interface TablePageProps {
  config: PageConfig;
  /** Picker mode (record picker): selected rows are reported here. */
  onSelectionChange?: (rows: Row[]) => void;
  /** Extra toolbar content (the picker's confirm button, tab filters). */
  toolbarExtra?: ReactNode;
  /** Called with the `count` of each list answer (extra counters, e.g. badges of tab filters). */
  onCount?: (count: unknown) => void;
}

/**
 * The table page a record picker (fields/TableSelectInput) nests in its dialog. TablePage provides
 * itself: it is above the fields of its forms and search panel, so they receive it instead of
 * importing it (the table → form fields → picker → table circle).
 */
export const NestedTable = createContext<ComponentType<TablePageProps> | null>(null);
