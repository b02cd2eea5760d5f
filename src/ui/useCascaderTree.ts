import { useEffect, useRef, useState } from 'react';
import { nodesOfPath, setChildren, type CascaderNode } from './cascaderTree';

const same = (a: unknown, b: unknown) => String(a) === String(b);

export interface CascaderSource {
  /** A tree known up front (static options): nothing is loaded. */
  staticRoots?: CascaderNode[];
  /** The first level (a whole tree, or a lazily loaded level). Keep it stable (module level or memoised). */
  loadRoots?: () => Promise<CascaderNode[]>;
  /** Lazy trees: the children of a node. Keep it stable too. */
  loadChildren?: (node: CascaderNode) => Promise<CascaderNode[]>;
  /** Lazy trees: a value path whose levels are loaded with the roots (so its caption shows). Read once. */
  restorePath?: readonly unknown[];
  /** Nodes at this depth (0-based) never load children. */
  leafDepth?: number;
  /** The path open when the panel first shows (the parent of the current value, or none). */
  initialActive?: unknown[];
}

export interface CascaderTree {
  roots: CascaderNode[] | null;
  loading: boolean;
  /** The values of the open path: one column per node along it. */
  active: unknown[];
  /** The columns shown: the roots, then the loaded children along `active`. */
  levels: CascaderNode[][];
  /** Open `node` at `depth` (loading its children when lazy); resolves to its value path. */
  open: (node: CascaderNode, depth: number) => Promise<unknown[]>;
}

/** Tree state of a cascader: the first level, lazily loaded children, and the open path. */
export function useCascaderTree({ staticRoots, loadRoots, loadChildren, restorePath = [], leafDepth = Infinity, initialActive = [] }: CascaderSource): CascaderTree {
  const [loaded, setLoaded] = useState<CascaderNode[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [active, setActive] = useState<unknown[]>(initialActive);
  const restore = useRef(restorePath);
  const roots = staticRoots ?? loaded;

  useEffect(() => {
    if (!loadRoots) return;
    let live = true;
    (async () => {
      setLoading(true);
      try {
        let tree = await loadRoots();
        if (loadChildren) {
          const walked: unknown[] = [];
          for (const step of restore.current.slice(0, -1)) {
            const node = nodesOfPath(tree, [...walked, step]).at(-1);
            if (!node || !same(node.value, step)) break;
            walked.push(step);
            tree = setChildren(tree, walked, await loadChildren(node));
          }
        }
        if (live) setLoaded(tree);
      } catch (error) {
        console.warn('[souk] cascader', error);
        if (live) setLoaded([]);
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
    if (loadChildren && !staticRoots && node.children === null && !node.leaf && depth < leafDepth) {
      setLoading(true);
      try {
        const kids = await loadChildren(node);
        setLoaded((prev) => setChildren(prev ?? [], path, kids));
      } catch (error) {
        console.warn('[souk] cascader', error);
      } finally {
        setLoading(false);
      }
    }
    return path;
  };

  const levels: CascaderNode[][] = [];
  if (roots) {
    levels.push(roots);
    for (const node of nodesOfPath(roots, active)) if (node.children && node.children.length) levels.push(node.children);
  }

  return { roots, loading, active, levels, open };
}
