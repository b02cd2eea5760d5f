import { loadAreaLevel as fetchAreaLevel } from '../../api/areas';
import { unwrap } from '../../app/sessionActors';
import { lazyNodes, type CascaderNode } from '../../ui/cascaderTree';

/** The area tree as lazy cascader levels (by `code`, values are area ids): store application, delivery addresses. */
const loadAreaLevel = async (code: unknown): Promise<CascaderNode[]> =>
  lazyNodes((unwrap(await fetchAreaLevel(String(code ?? '0'))) ?? []) as never[], {
    labelName: 'name',
    valueName: 'id',
    lazyKey: 'code',
  });
export const loadAreaRoots = () => loadAreaLevel('0');
export const loadAreaChildren = (node: CascaderNode) => loadAreaLevel(node.pid);
