import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { isLeaf, stateOf, toggleNode, type TreeNode } from './checkTree';
import { TriCheckbox } from './TriCheckbox';

export interface CheckTreeProps {
  nodes: readonly TreeNode[];
  /** Checked leaf ids. */
  checked: ReadonlySet<number>;
  onChange: (checked: Set<number>) => void;
}

function Branch({ node, checked, onChange, depth }: { node: TreeNode; checked: ReadonlySet<number>; onChange: (c: Set<number>) => void; depth: number }) {
  const intl = useIntl();
  const [open, setOpen] = useState(true);
  const leaf = isLeaf(node);
  return (
    <li>
      <div className="flex items-center gap-1 py-0.5" style={{ paddingLeft: depth * 20 }}>
        {leaf ? (
          <span className="inline-block w-5" aria-hidden="true" />
        ) : (
          <button
            type="button"
            className="focus-ring w-5 rounded text-slate-600 hover:text-slate-900"
            aria-expanded={open}
            aria-label={intl.formatMessage({ id: open ? 'page.tree.collapse' : 'page.tree.expand' }, { name: node.name ?? '' })}
            onClick={() => setOpen(!open)}
          >
            {open ? '▾' : '▸'}
          </button>
        )}
        <TriCheckbox state={stateOf(node, checked)} onToggle={() => onChange(toggleNode(node, checked))}>
          {node.name}
        </TriCheckbox>
        <span className="ml-2 text-xs text-slate-500">{node.content || node.apis || <FormattedMessage id="page.roles.noDescription" />}</span>
      </div>
      {!leaf && open && (
        <ul>
          {(node.children ?? []).map((child) => (
            <Branch key={child.id} node={child} checked={checked} onChange={onChange} depth={depth + 1} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** A tree of tri-state checkboxes (role menus). */
export function CheckTree({ nodes, checked, onChange }: CheckTreeProps) {
  return (
    <ul role="group" className="max-h-[50vh] overflow-auto rounded border border-slate-200 p-2">
      {nodes.map((node) => (
        <Branch key={node.id} node={node} checked={checked} onChange={onChange} depth={0} />
      ))}
    </ul>
  );
}
