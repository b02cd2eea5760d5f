import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { readPage, type DictItem } from '../../../machines/table';
import { t } from '../../app/i18n';
import { Spinner } from '../../ui/Spinner';
import { getJson } from '../table/api';
import { lazyNodes, nodesOfPath, pathCaption, setChildren, staticNodes, valuePath, type CascaderNode, type NodeKeys } from './cascader';
import { fieldItems } from './options';
import type { FieldWidgetProps } from './types';

const same = (a: unknown, b: unknown) => String(a) === String(b);

function itemsOf(answer: unknown): DictItem[] {
  if (Array.isArray(answer)) return answer as DictItem[];
  return (readPage(answer)?.rows as DictItem[] | undefined) ?? [];
}

/**
 * Cascader (reference screens.md §2.2): static options from the dictionary, or lazy levels from
 * `lazyUrl` with `pid` (0 for the root, then the node's `lazyKey` value — 'code' for areas).
 * Value: the path of values (emitPath, default) or the last value; `multiple` keeps a list of them.
 */
export function CascaderInput({ field, value, onChange, id, labelId, describedBy, invalid, placeholder, dicts, area }: FieldWidgetProps) {
  const intl = useIntl();
  const lazy = !!field.lazyUrl;
  const emitPath = field.emitPath ?? true;
  const keys: NodeKeys = useMemo(
    () => ({ labelName: field.labelName ?? (lazy ? 'name' : 'label'), valueName: field.valueName ?? (lazy ? 'id' : 'value'), lazyKey: field.lazyKey ?? 'id' }),
    [field.labelName, field.valueName, field.lazyKey, lazy],
  );
  const staticRoots = useMemo(
    () => (lazy ? null : staticNodes(fieldItems(field, dicts), keys, field.translate ? t : undefined)),
    [lazy, field, dicts, keys],
  );
  const [lazyRoots, setLazyRoots] = useState<CascaderNode[] | null>(null);
  const [loading, setLoading] = useState(false);
  const roots = lazy ? lazyRoots : staticRoots;
  const rootsRef = useRef(roots);
  rootsRef.current = roots;

  const loadLevel = useCallback(
    async (pid: unknown): Promise<CascaderNode[]> => lazyNodes(itemsOf(await getJson(area, field.lazyUrl!, { pid: pid as string | number })), keys),
    [area, field.lazyUrl, keys],
  );

  /** Lazy: load the root and the levels along the current value (so its captions show). */
  const restored = useRef(false);
  useEffect(() => {
    if (!lazy || restored.current) return;
    restored.current = true;
    let live = true;
    (async () => {
      setLoading(true);
      try {
        let tree = await loadLevel(0);
        const path = valuePath(value, true, null);
        const walked: unknown[] = [];
        for (const step of field.multiple ? [] : path.slice(0, -1)) {
          const node = nodesOfPath(tree, [...walked, step]).at(-1);
          if (!node || !same(node.value, step)) break;
          walked.push(step);
          tree = setChildren(tree, walked, await loadLevel(node.pid));
        }
        if (live) setLazyRoots(tree);
      } catch (error) {
        console.warn('[souk] cascader', error);
        if (live) setLazyRoots([]);
      } finally {
        if (live) setLoading(false);
      }
    })();
    return () => {
      live = false;
    };
  }, [lazy, loadLevel, value, field.multiple]);

  const selectedPaths: unknown[][] = field.multiple
    ? (Array.isArray(value) ? value : []).map((v) => valuePath(v, emitPath, roots))
    : [valuePath(value, emitPath, roots)].filter((p) => p.length > 0);
  const [active, setActive] = useState<unknown[]>(() => selectedPaths[0]?.slice(0, -1) ?? []);

  const open = async (node: CascaderNode, depth: number) => {
    const path = [...active.slice(0, depth), node.value];
    setActive(path);
    if (lazy && node.children === null && !node.leaf) {
      setLoading(true);
      try {
        const kids = await loadLevel(node.pid);
        setLazyRoots((prev) => setChildren(prev ?? [], path, kids));
      } catch (error) {
        console.warn('[souk] cascader', error);
      } finally {
        setLoading(false);
      }
    }
    return path;
  };

  const commit = (path: unknown[]) => {
    const emitted = emitPath ? path : path[path.length - 1];
    if (!field.multiple) return onChange(emitted);
    const list = Array.isArray(value) ? value : [];
    const key = JSON.stringify(emitted);
    onChange(list.some((v) => JSON.stringify(v) === key) ? list.filter((v) => JSON.stringify(v) !== key) : [...list, emitted]);
  };

  const isSelected = (path: unknown[]) => selectedPaths.some((p) => p.length === path.length && p.every((v, i) => same(v, path[i])));
  const levels: CascaderNode[][] = [];
  if (roots) {
    levels.push(roots);
    for (const node of nodesOfPath(roots, active)) if (node.children && node.children.length) levels.push(node.children);
  }
  const caption = selectedPaths.map((p) => pathCaption(roots, p)).join(', ');

  return (
    <Popover className="relative">
      {({ close }) => (
        <>
          <PopoverButton
            id={id}
            aria-labelledby={`${labelId} ${id}`}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            disabled={field.disabled}
            className={`focus-ring flex min-h-9 w-full items-center justify-between gap-2 rounded border bg-white px-3 py-1.5 text-left text-sm ${invalid ? 'border-red-700' : 'border-slate-400'}`}
          >
            <span className={caption ? 'text-slate-900' : 'text-slate-500'}>{caption || placeholder}</span>
            <span aria-hidden="true" className="text-slate-600">
              ▾
            </span>
          </PopoverButton>
          <PopoverPanel anchor="bottom start" className="z-[3100] flex max-w-[90vw] overflow-x-auto rounded border border-slate-200 bg-white text-sm shadow-lg">
            {levels.map((level, depth) => (
              <ul key={depth} aria-label={intl.formatMessage({ id: 'form.level' }, { level: depth + 1 })} className="max-h-64 min-w-40 overflow-auto border-r border-slate-100 py-1 last:border-r-0">
                {level.map((node) => {
                  const path = [...active.slice(0, depth), node.value];
                  const onPath = same(active[depth], node.value);
                  const selectable = node.leaf || !!field.checkStrictly;
                  return (
                    <li key={String(node.value)} className="flex items-center">
                      {field.multiple && selectable && (
                        <input
                          type="checkbox"
                          aria-label={node.label}
                          checked={isSelected(path)}
                          onChange={() => commit(path)}
                          className="focus-ring ml-2 h-4 w-4 accent-[var(--color-office)]"
                        />
                      )}
                      <button
                        type="button"
                        aria-expanded={node.leaf ? undefined : onPath}
                        aria-pressed={isSelected(path)}
                        onClick={async () => {
                          const opened = await open(node, depth);
                          if (!field.multiple && (node.leaf || field.checkStrictly)) {
                            commit(opened);
                            if (node.leaf) close();
                          }
                        }}
                        className={`focus-ring flex flex-1 items-center justify-between gap-3 px-3 py-1.5 text-left hover:bg-slate-100 ${onPath || isSelected(path) ? 'font-semibold text-office' : 'text-slate-800'}`}
                      >
                        {node.label}
                        {!node.leaf && <span aria-hidden="true">›</span>}
                      </button>
                    </li>
                  );
                })}
              </ul>
            ))}
            {loading && (
              <div className="flex items-center px-4">
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
