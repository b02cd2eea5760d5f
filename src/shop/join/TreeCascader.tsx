import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { nodesOfPath, pathCaption, setChildren, type CascaderNode } from '../../backoffice/fields/cascader';
import { Spinner } from '../../ui/Spinner';

/** Paths are chosen at this depth (0-based): third-level classes, districts. */
const PICK_DEPTH = 2;

const same = (a: unknown, b: unknown) => String(a) === String(b);
const samePath = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((v, i) => same(v, b[i]));

interface CommonProps {
  id: string;
  labelId: string;
  describedBy?: string;
  invalid?: boolean;
  placeholder: string;
  /** The first level (a whole static tree, or a lazily loaded level). */
  loadRoots: () => Promise<CascaderNode[]>;
  /** Lazy trees: the children of a node. */
  loadChildren?: (node: CascaderNode) => Promise<CascaderNode[]>;
}

export type TreeCascaderProps = CommonProps &
  ({ multiple: true; value: number[][]; onChange: (value: number[][]) => void } | { multiple?: false; value: number[]; onChange: (value: number[]) => void });

/**
 * A cascader over a tree of `{id, name}` (Headless UI popover, one column per level): a single
 * path (areas: province / city / district) or many third-level paths (goods classes) shown as chips.
 */
export function TreeCascader(props: TreeCascaderProps) {
  const { id, labelId, describedBy, invalid = false, placeholder, loadRoots, loadChildren } = props;
  const intl = useIntl();
  const [roots, setRoots] = useState<CascaderNode[] | null>(null);
  const [loading, setLoading] = useState(false);
  const paths: number[][] = props.multiple ? props.value : props.value.length ? [props.value] : [];
  const [active, setActive] = useState<unknown[]>([]);
  const initial = useRef(props.multiple ? [] : props.value);

  // Load the first level, and for a lazy single value the levels along it (so its caption shows).
  useEffect(() => {
    let live = true;
    (async () => {
      setLoading(true);
      try {
        let tree = await loadRoots();
        if (loadChildren) {
          const walked: unknown[] = [];
          for (const step of initial.current.slice(0, -1)) {
            const node = nodesOfPath(tree, [...walked, step]).at(-1);
            if (!node || !same(node.value, step)) break;
            walked.push(step);
            tree = setChildren(tree, walked, await loadChildren(node));
          }
        }
        if (live) setRoots(tree);
      } catch (error) {
        console.warn('[souk] cascader', error);
        if (live) setRoots([]);
      } finally {
        if (live) setLoading(false);
      }
    })();
    return () => {
      live = false;
    };
  }, [loadRoots, loadChildren]);

  const open = async (node: CascaderNode, depth: number) => {
    const path = [...active.slice(0, depth), node.value];
    setActive(path);
    if (loadChildren && node.children === null && !node.leaf && depth < PICK_DEPTH) {
      setLoading(true);
      try {
        const kids = await loadChildren(node);
        setRoots((prev) => setChildren(prev ?? [], path, kids));
      } catch (error) {
        console.warn('[souk] cascader', error);
      } finally {
        setLoading(false);
      }
    }
    return path.map(Number);
  };

  const toggle = (path: number[]) => {
    if (!props.multiple) return props.onChange(path);
    const has = props.value.some((p) => samePath(p, path));
    props.onChange(has ? props.value.filter((p) => !samePath(p, path)) : [...props.value, path]);
  };

  const isSelected = (path: readonly unknown[]) => paths.some((p) => samePath(p, path));
  const levels: CascaderNode[][] = [];
  if (roots) {
    levels.push(roots);
    for (const node of nodesOfPath(roots, active)) if (node.children && node.children.length) levels.push(node.children);
  }
  const captions = paths.map((p) => pathCaption(roots, p));
  const caption = props.multiple
    ? captions.length
      ? intl.formatMessage({ id: 'shop.join.classCount' }, { count: captions.length })
      : ''
    : captions.join('');

  return (
    <div className="flex flex-col gap-2">
      <Popover className="relative">
        {({ close }) => (
          <>
            <PopoverButton
              id={id}
              aria-labelledby={`${labelId} ${id}`}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              className={`focus-ring flex min-h-9 w-full items-center justify-between gap-2 rounded border bg-white px-3 py-2 text-left text-sm ${invalid ? 'border-red-700' : 'border-slate-400'}`}
            >
              <span className={caption ? 'text-slate-900' : 'text-slate-500'}>{caption || placeholder}</span>
              <span aria-hidden="true" className="text-slate-600">
                ▾
              </span>
            </PopoverButton>
            <PopoverPanel anchor="bottom start" className="z-[3100] flex max-w-[94vw] overflow-x-auto rounded border border-slate-200 bg-white text-sm shadow-lg">
              {levels.map((level, depth) => (
                <ul key={depth} aria-label={intl.formatMessage({ id: 'shop.join.level' }, { level: depth + 1 })} className="max-h-64 min-w-36 overflow-auto border-r border-slate-100 py-1 last:border-r-0">
                  {level.map((node) => {
                    const path = [...active.slice(0, depth), node.value];
                    const pickable = depth === PICK_DEPTH || (!props.multiple && node.leaf && depth > 0);
                    const onPath = same(active[depth], node.value);
                    return (
                      <li key={String(node.value)} className="flex items-center">
                        {props.multiple && pickable && (
                          <input
                            type="checkbox"
                            aria-label={node.label}
                            checked={isSelected(path)}
                            onChange={() => toggle(path.map(Number))}
                            className="focus-ring ml-2 h-4 w-4 accent-[var(--color-brand)]"
                          />
                        )}
                        <button
                          type="button"
                          aria-expanded={pickable ? undefined : onPath}
                          aria-pressed={pickable ? isSelected(path) : undefined}
                          onClick={async () => {
                            const opened = await open(node, depth);
                            if (!pickable) return;
                            toggle(opened);
                            if (!props.multiple) close();
                          }}
                          className={`focus-ring flex flex-1 items-center justify-between gap-3 px-3 py-1.5 text-left hover:bg-slate-100 ${onPath || isSelected(path) ? 'font-semibold text-brand' : 'text-slate-800'}`}
                        >
                          {node.label}
                          {!pickable && <span aria-hidden="true">›</span>}
                        </button>
                      </li>
                    );
                  })}
                </ul>
              ))}
              {loading && (
                <div className="flex items-center px-4 py-2">
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
      {props.multiple && captions.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={intl.formatMessage({ id: 'shop.join.chosenClasses' })}>
          {paths.map((path, index) => (
            <li key={path.join('-')} className="flex items-center gap-1 rounded bg-slate-100 px-2 py-1 text-xs text-slate-800">
              {captions[index]}
              <button
                type="button"
                onClick={() => toggle(path)}
                aria-label={intl.formatMessage({ id: 'shop.join.removeClass' }, { name: captions[index] })}
                className="focus-ring rounded px-1 text-slate-600 hover:text-red-700"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
