import type { MenuItem } from '../../machines/menus';

/** A small admin menu tree shaped like the server's load_menu answer. */
export const adminMenus: MenuItem[] = [
  {
    id: 1, pid: 0, name: '工作台', icon: 'fa-dashboard', apis: '', view: '', is_open: 0,
    children: [{ id: 11, pid: 1, name: '控制台', icon: 'fa-home', apis: '/Admin/dashboard', view: 'Admin/dashboard/index', is_open: 1 }],
  },
  {
    id: 2, pid: 0, name: '商品中心', icon: 'fa-cube', apis: '', view: '', is_open: 0,
    children: [
      {
        id: 21, pid: 2, name: '商品管理', icon: 'fa-list', apis: '', view: '', is_open: 0,
        children: [
          { id: 211, pid: 21, name: '商品列表', icon: 'fa-shopping-bag', apis: '/Admin/goods', view: 'Admin/exts/goods_unbuilt/index', is_open: 0 },
          { id: 212, pid: 21, name: '商品品牌', icon: 'fa-tags', apis: '/Admin/goods_brands', view: 'Admin/exts/goods_brands/index', is_open: 0 },
        ],
      },
      { id: 22, pid: 2, name: '官网', icon: 'fa-globe', apis: 'https://example.com/', view: '', is_open: 0 },
    ],
  },
  { id: 3, pid: 0, name: '系统中心', icon: 'fa-cog', apis: '', view: '', is_open: 0, children: [] },
];
