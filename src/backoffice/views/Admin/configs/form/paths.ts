import type { ConfigTab } from './types';

/**
 * Every configuration group at its own address (`/Admin/configs/{group}`), so a tab survives a
 * reload and can be linked to. The website page's tabs are groups of their own (keyed by the
 * stored config name: `amap` is the map group; `logistics` picks the tracking provider, whose
 * keys are `kuaidi100` and `kuaibao` under it); the payment and third-party login pages keep one
 * group with a tab per channel at `/Admin/configs/pay/{channel}`.
 */
export const WEB_GROUP_PATHS: Readonly<Record<string, string>> = {
  web: '/Admin/configs/web',
  upload: '/Admin/configs/upload',
  amap: '/Admin/configs/map',
  logistics: '/Admin/configs/logistics',
  kuaidi100: '/Admin/configs/logistics/kuaidi100',
  kuaibao: '/Admin/configs/logistics/kuaibao',
  task: '/Admin/configs/task',
  integral: '/Admin/configs/integral',
};

/** The address of a tab of the website page. */
export const webGroupPath = (tab: ConfigTab): string => WEB_GROUP_PATHS[tab.key] ?? `/Admin/configs/${tab.key}`;

/** The address of a channel tab of a page at `base`: the first at the page's own address, the others under it. */
export const channelPath =
  (base: string) =>
  (tab: ConfigTab, index: number): string =>
    index === 0 ? base : `${base}/${tab.key}`;
