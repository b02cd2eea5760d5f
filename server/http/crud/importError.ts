/** One problem of an import, as the answer lists it (import.ts; unique.ts reports its own). */
export interface ImportError {
  /** Index of the row in the submitted array (0-based, as `rows[i]`). */
  row: number;
  field: string;
  message: string;
}
