import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CascaderNode } from './cascaderTree';
import { Spinner } from './Spinner';
import type { CascaderTree } from './useCascaderTree';

const same = (a: unknown, b: unknown) => String(a) === String(b);

/** How one option behaves (decided by the caller: which nodes are picked, and how). */
export interface CascaderNodeRole {
  /** Opens a next column: shows `›` and reports aria-expanded. */
  branch: boolean;
  /** A checkbox beside the label toggles the path (many values). */
  checkbox: boolean;
  /** aria-pressed reports whether the path is chosen. */
  pressed: boolean;
  /** What a click on the label does after opening the node: nothing more, pick the path, or pick it and close the panel. */
  click: 'open' | 'pick' | 'pickClose';
}

/** Storefront (brand red) or back office (office blue). */
type Tone = 'brand' | 'office';

/**
 * Columns keep a comfortable width from `sm` up; on a phone they are 7 rem and share the panel's
 * width when there are more than fit (names wrap), so that every level stays on screen: three
 * 9 rem columns are wider than a 390 px screen.
 */
const TONES: Record<Tone, { trigger: string; column: string; check: string; current: string; busy: string }> = {
  brand: { trigger: 'py-2', column: 'sm:min-w-36', check: 'accent-[var(--color-brand)]', current: 'text-brand', busy: 'py-2' },
  office: { trigger: 'py-1.5', column: 'sm:min-w-40', check: 'accent-[var(--color-office)]', current: 'text-office', busy: '' },
};
/** Space kept between the panel and the screen's edges (Headless UI keeps the panel inside them). */
const EDGE_PX = 8;

export interface CascaderProps {
  id: string;
  labelId: string;
  describedBy?: string;
  invalid?: boolean;
  disabled?: boolean;
  placeholder: string;
  /** The chosen value(s) as text; the placeholder shows when empty. */
  caption: string;
  tone: Tone;
  /** Message id of a column's accessible name, with `{level}` (1-based). */
  levelMessageId: string;
  tree: CascaderTree;
  isSelected: (path: unknown[]) => boolean;
  roleOf: (node: CascaderNode, depth: number) => CascaderNodeRole;
  /** Choose or unchoose a path. */
  onPick: (path: unknown[]) => void;
}

/** A cascader (Headless UI popover, one column per level) over a tree from `useCascaderTree`. */
export function Cascader({ id, labelId, describedBy, invalid = false, disabled, placeholder, caption, tone, levelMessageId, tree, isSelected, roleOf, onPick }: CascaderProps) {
  const intl = useIntl();
  const style = TONES[tone];
  const { roots, loading, active, levels, open } = tree;

  return (
    <Popover className="relative">
      {({ close }) => (
        <>
          <PopoverButton
            id={id}
            aria-labelledby={`${labelId} ${id}`}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            disabled={disabled}
            className={`focus-ring flex min-h-9 w-full items-center justify-between gap-2 rounded border bg-white px-3 ${style.trigger} text-left text-sm ${invalid ? 'border-red-700' : 'border-slate-400'}`}
          >
            <span className={caption ? 'text-slate-900' : 'text-slate-500'}>{caption || placeholder}</span>
            <span aria-hidden="true" className="text-slate-600">
              ▾
            </span>
          </PopoverButton>
          <PopoverPanel
            anchor={{ to: 'bottom start', padding: EDGE_PX }}
            className="z-[3100] flex max-w-[calc(100vw-16px)] overflow-x-auto rounded border border-slate-200 bg-white text-sm shadow-lg"
          >
            {levels.map((level, depth) => (
              <ul
                key={depth}
                aria-label={intl.formatMessage({ id: levelMessageId }, { level: depth + 1 })}
                className={`max-h-64 w-28 min-w-0 shrink overflow-auto border-r border-slate-100 py-1 break-words last:border-r-0 sm:w-auto sm:shrink-0 ${style.column}`}
              >
                {level.map((node) => {
                  const path = [...active.slice(0, depth), node.value];
                  const role = roleOf(node, depth);
                  const onPath = same(active[depth], node.value);
                  return (
                    <li key={String(node.value)} className="flex items-center">
                      {role.checkbox && (
                        <input
                          type="checkbox"
                          aria-label={node.label}
                          checked={isSelected(path)}
                          onChange={() => onPick(path)}
                          className={`focus-ring ml-2 h-4 w-4 ${style.check}`}
                        />
                      )}
                      <button
                        type="button"
                        aria-expanded={role.branch ? onPath : undefined}
                        aria-pressed={role.pressed ? isSelected(path) : undefined}
                        onClick={async () => {
                          const opened = await open(node, depth);
                          if (role.click === 'open') return;
                          onPick(opened);
                          if (role.click === 'pickClose') close();
                        }}
                        className={`focus-ring flex flex-1 items-center justify-between gap-3 px-3 py-1.5 text-left hover:bg-slate-100 ${onPath || isSelected(path) ? `font-semibold ${style.current}` : 'text-slate-800'}`}
                      >
                        {node.label}
                        {role.branch && <span aria-hidden="true">›</span>}
                      </button>
                    </li>
                  );
                })}
              </ul>
            ))}
            {loading && (
              <div className={`flex items-center px-4 ${style.busy}`}>
                <Spinner size="sm" />
              </div>
            )}
            {!loading && roots && roots.length === 0 && (
              <p className="px-4 py-2 text-slate-600">
                <FormattedMessage id="common.empty" />
              </p>
            )}
          </PopoverPanel>
        </>
      )}
    </Popover>
  );
}
