import { useIntl } from 'react-intl';
import { Cascader, type CascaderNodeRole } from '../../ui/Cascader';
import { pathCaption, type CascaderNode } from '../../ui/cascaderTree';
import { useCascaderTree } from '../../ui/useCascaderTree';

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
  /** Message id of a column's accessible name (`{level}`); the store application's by default. */
  levelMessageId?: string;
}

export type TreeCascaderProps = CommonProps &
  ({ multiple: true; value: number[][]; onChange: (value: number[][]) => void } | { multiple?: false; value: number[]; onChange: (value: number[]) => void });

/**
 * A cascader over a tree of `{id, name}` (the shared `ui/Cascader`): a single path (areas:
 * province / city / district) or many third-level paths (goods classes) shown as chips.
 */
export function TreeCascader(props: TreeCascaderProps) {
  const { id, labelId, describedBy, invalid = false, placeholder, loadRoots, loadChildren, levelMessageId = 'shop.join.level' } = props;
  const intl = useIntl();
  const tree = useCascaderTree({ loadRoots, loadChildren, restorePath: props.multiple ? [] : props.value, leafDepth: PICK_DEPTH });
  const paths: number[][] = props.multiple ? props.value : props.value.length ? [props.value] : [];

  const toggle = (path: number[]) => {
    if (!props.multiple) return props.onChange(path);
    const has = props.value.some((p) => samePath(p, path));
    props.onChange(has ? props.value.filter((p) => !samePath(p, path)) : [...props.value, path]);
  };

  const roleOf = (node: CascaderNode, depth: number): CascaderNodeRole => {
    const pickable = depth === PICK_DEPTH || (!props.multiple && node.leaf && depth > 0);
    return { branch: !pickable, checkbox: !!props.multiple && pickable, pressed: pickable, click: !pickable ? 'open' : props.multiple ? 'pick' : 'pickClose' };
  };

  const captions = paths.map((p) => pathCaption(tree.roots, p));
  const caption = props.multiple
    ? captions.length
      ? intl.formatMessage({ id: 'shop.join.classCount' }, { count: captions.length })
      : ''
    : tree.roots
      ? captions.join('')
      : ''; // names not loaded yet: the placeholder, not the bare ids

  return (
    <div className="flex flex-col gap-2">
      <Cascader
        id={id}
        labelId={labelId}
        describedBy={describedBy}
        invalid={invalid}
        placeholder={placeholder}
        caption={caption}
        tone="brand"
        levelMessageId={levelMessageId}
        tree={tree}
        isSelected={(path) => paths.some((p) => samePath(p, path))}
        roleOf={roleOf}
        onPick={(path) => toggle(path.map(Number))}
      />
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
