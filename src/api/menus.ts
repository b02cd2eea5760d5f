import type { AreaIndex as Area } from '../../machines/areas';
import type { MenuItem } from '../../machines/menus';
import { areaPath, request, type ApiResult } from './client';

/** GET {prefix}load_menu?type=getChildren → the area's menu tree. */
export function loadMenus(area: Area): Promise<ApiResult<MenuItem[]>> {
  return request<MenuItem[]>(area, 'GET', areaPath(area, 'load_menu'), { type: 'getChildren' });
}
