import { useCallback, useMemo } from 'react';
import { readPage, type DictItem } from '../../../machines/table';
import { t } from '../../app/i18n';
import { Cascader, type CascaderNodeRole } from '../../ui/Cascader';
import { lazyNodes, pathCaption, staticNodes, valuePath, type CascaderNode, type NodeKeys } from '../../ui/cascaderTree';
import { useCascaderTree } from '../../ui/useCascaderTree';
import { getJson } from '../table/api';
import { fieldItems } from './options';
import type { FieldWidgetProps } from './types';

const same = (a: unknown, b: unknown) => String(a) === String(b);

function itemsOf(answer: unknown): DictItem[] {
  if (Array.isArray(answer)) return answer as DictItem[];
  return (readPage(answer)?.rows as DictItem[] | undefined) ?? [];
}

/**
 * Cascader (reference screens.md §2.2): static options from the dictionary, or lazy levels from
 * `lazyUrl` with `pid` (0 for the root, then the node's `lazyKey` value — 'code' for areas),
 * after the field's `lazyRoots` choices.
 * Value: the path of values (emitPath, default) or the last value; `multiple` keeps a list of them.
 */
export function CascaderInput({ field, value, onChange, id, labelId, describedBy, invalid, placeholder, dicts, area }: FieldWidgetProps) {
  const lazy = !!field.lazyUrl;
  const emitPath = field.emitPath ?? true;
  const keys: NodeKeys = useMemo(
    () => ({ labelName: field.labelName ?? (lazy ? 'name' : 'label'), valueName: field.valueName ?? (lazy ? 'id' : 'value'), lazyKey: field.lazyKey ?? 'id' }),
    [field.labelName, field.valueName, field.lazyKey, lazy],
  );
  const staticRoots = useMemo(
    () => (lazy ? undefined : staticNodes(fieldItems(field, dicts), keys, field.translate ? t : undefined)),
    [lazy, field, dicts, keys],
  );

  const loadLevel = useCallback(
    async (pid: unknown): Promise<CascaderNode[]> => lazyNodes(itemsOf(await getJson(area, field.lazyUrl!, { pid: pid as string | number })), keys),
    [area, field.lazyUrl, keys],
  );
  const extraRoots = field.lazyRoots;
  const loadRoots = useCallback(async () => {
    const extra = extraRoots ? staticNodes(extraRoots, { labelName: 'label', valueName: 'value', lazyKey: 'value' }, t) : [];
    return [...extra, ...(await loadLevel(0))];
  }, [loadLevel, extraRoots]);
  const loadChildren = useCallback((node: CascaderNode) => loadLevel(node.pid), [loadLevel]);

  const pathsOf = (roots: CascaderNode[] | null): unknown[][] =>
    field.multiple
      ? (Array.isArray(value) ? value : []).map((v) => valuePath(v, emitPath, roots))
      : [valuePath(value, emitPath, roots)].filter((p) => p.length > 0);

  // Lazy with the last value only: the path down to it comes from the field (areas: code prefixes).
  const knownPath = lazy && !emitPath && field.lazyPath && !field.multiple && value !== null && value !== undefined && value !== '' ? field.lazyPath(value) : null;
  const tree = useCascaderTree({
    staticRoots,
    loadRoots: lazy ? loadRoots : undefined,
    loadChildren: lazy ? loadChildren : undefined,
    // Lazy: the levels along the current value load with the root (so its captions show).
    restorePath: field.multiple ? [] : (knownPath ?? valuePath(value, true, null)),
    initialActive: knownPath ? knownPath.slice(0, -1) : (pathsOf(staticRoots ?? null)[0]?.slice(0, -1) ?? []),
  });
  const selectedPaths = pathsOf(tree.roots);

  const commit = (path: unknown[]) => {
    const emitted = emitPath ? path : path[path.length - 1];
    if (!field.multiple) return onChange(emitted);
    const list = Array.isArray(value) ? value : [];
    const key = JSON.stringify(emitted);
    onChange(list.some((v) => JSON.stringify(v) === key) ? list.filter((v) => JSON.stringify(v) !== key) : [...list, emitted]);
  };

  const roleOf = (node: CascaderNode): CascaderNodeRole => {
    const selectable = node.leaf || !!field.checkStrictly;
    return {
      branch: !node.leaf,
      checkbox: !!field.multiple && selectable,
      pressed: true,
      click: field.multiple || !selectable ? 'open' : node.leaf ? 'pickClose' : 'pick',
    };
  };

  return (
    <Cascader
      id={id}
      labelId={labelId}
      describedBy={describedBy}
      invalid={invalid}
      disabled={field.disabled}
      placeholder={placeholder}
      caption={selectedPaths.map((p) => pathCaption(tree.roots, p)).join(', ')}
      tone="office"
      levelMessageId="form.level"
      tree={tree}
      isSelected={(path) => selectedPaths.some((p) => p.length === path.length && p.every((v, i) => same(v, path[i])))}
      roleOf={roleOf}
      onPick={commit}
    />
  );
}
