import type { ApiResult } from '../../api/client';

/** The field a refusal names (`data.field`), or undefined. */
export function refusedField(result: ApiResult<unknown>): string | undefined {
  if (result.kind !== 'fail' || !result.data || typeof result.data !== 'object') return undefined;
  const field = (result.data as { field?: unknown }).field;
  return typeof field === 'string' ? field : undefined;
}
