/** Money arrives as a 2-decimal string ("99.00"); code keeps integer cents. */
export const toCents = (value: string | number | null | undefined): number => Math.round((Number(value) || 0) * 100);
export const formatCents = (cents: number): string => (cents / 100).toFixed(2);

/** `/x/y.jpg` → `/x/y_400.jpg` (server thumbnail naming, docs/catalogue-api.md "Images"). */
export function thumb(url: string | undefined, size: 150 | 400): string {
  if (!url) return '';
  return url.replace(/(\.[a-z0-9]+)(\?.*)?$/i, `_${size}$1$2`);
}
