import type { ReactNode } from 'react';
import { tagColour, type TagColour } from '../../machines/table';

/** Classes per tag colour (contrast ≥ 4.5:1 on each background). */
export const TAG_CLASSES: Record<TagColour, string> = {
  green: 'border-green-300 bg-green-50 text-green-800',
  red: 'border-red-300 bg-red-50 text-red-800',
  slate: 'border-slate-300 bg-slate-50 text-slate-800',
  blue: 'border-blue-300 bg-blue-50 text-blue-800',
  indigo: 'border-indigo-300 bg-indigo-50 text-indigo-800',
  violet: 'border-violet-300 bg-violet-50 text-violet-800',
  teal: 'border-teal-300 bg-teal-50 text-teal-800',
  cyan: 'border-cyan-300 bg-cyan-50 text-cyan-800',
};

export interface TagProps {
  /** The value the colour is derived from (spec §9: 1/Yes green, 0/No red, else a stable hash). */
  value: unknown;
  /** Shown text (default the value). */
  children?: ReactNode;
  /** Force a colour. */
  colour?: TagColour;
  /** Wrap a long caption to more lines (a state in a narrow column) instead of cutting it. */
  wrap?: boolean;
}

/** A small coloured label; an empty value renders '-' as plain text. */
export function Tag({ value, children, colour, wrap }: TagProps) {
  const text = children ?? (value === null || value === undefined ? '' : String(value));
  if (text === '' || text === null) return <span>-</span>;
  const tone = colour ?? tagColour(value);
  return (
    <span data-colour={tone} className={`max-w-full ${wrap ? 'inline-flex items-center break-words' : 'inline-block truncate align-middle'} rounded border px-2 py-0.5 text-xs leading-5 ${TAG_CLASSES[tone]}`}>
      {text}
    </span>
  );
}
