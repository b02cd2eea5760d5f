/**
 * The one icon set of the app: 24×24 stroke icons drawn inline (no icon font, no emoji: both
 * showed as boxes where the font was missing). Menus keep their Font Awesome 4 names (`fa-cog`,
 * from the reference's data); `iconFor` maps those names to these drawings.
 */
const circle = (cx: number, cy: number, r: number) => `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;

export const ICONS = {
  monitor: ['M4 4h16a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z', 'M8 21h8', 'M12 17v4'],
  gauge: ['M12 14l4-4', 'M3.34 19a10 10 0 1 1 17.32 0'],
  megaphone: ['M3 10v4h4l6 4V6L7 10z', 'M17 9a4 4 0 0 1 0 6', 'M19.5 6.5a8 8 0 0 1 0 11'],
  file: ['M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9z', 'M14 3v6h6', 'M8 13h8', 'M8 17h5'],
  bag: ['M6 2 3 6v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6l-3-4z', 'M3 6h18', 'M16 10a4 4 0 0 1-8 0'],
  list: ['M8 6h13', 'M8 12h13', 'M8 18h13', 'M3 6h.01', 'M3 12h.01', 'M3 18h.01'],
  tag: ['M20.6 13.4l-7.2 7.2a2 2 0 0 1-2.8 0L2 12V2h10l8.6 8.6a2 2 0 0 1 0 2.8z', 'M7 7h.01'],
  archive: ['M3 4h18v4H3z', 'M5 8v11a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8', 'M10 12h4'],
  truck: ['M1 4h14v12H1z', 'M15 8h4l3 3v5h-7', circle(5.5, 18.5, 2), circle(18.5, 18.5, 2)],
  settings: [circle(12, 12, 3), 'M12 2v3', 'M12 19v3', 'M4.9 4.9l2.1 2.1', 'M17 17l2.1 2.1', 'M2 12h3', 'M19 12h3', 'M4.9 19.1 7 17', 'M17 7l2.1-2.1'],
  user: ['M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2', circle(12, 7, 4)],
  mail: ['M2 5h20v14H2z', 'M2 5l10 8 10-8'],
  image: ['M3 3h18v18H3z', circle(8.5, 8.5, 1.5), 'M21 15l-5-5L5 21'],
  money: ['M2 6h20v12H2z', circle(12, 12, 2.5), 'M6 12h.01', 'M18 12h.01'],
  box: ['M21 8l-9-5-9 5v8l9 5 9-5z', 'M3 8l9 5 9-5', 'M12 13v8'],
  globe: [circle(12, 12, 10), 'M2 12h20', 'M12 2a15 15 0 0 1 0 20a15 15 0 0 1 0-20'],
  home: ['M3 10.5 12 3l9 7.5V21H3z', 'M9 21v-6h6v6'],
  cart: ['M3 3h2l2.4 12.4a2 2 0 0 0 2 1.6h9.2a2 2 0 0 0 2-1.6L22 7H6', circle(9, 21, 1), circle(20, 21, 1)],
  chart: ['M3 3v18h18', 'M7 16v-5', 'M12 16V7', 'M17 16v-3'],
  folder: ['M3 6a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z'],
  link: ['M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7', 'M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7'],
  pencil: ['M17 3l4 4L8 20H4v-4z'],
  close: ['M6 6l12 12', 'M18 6 6 18'],
  lock: ['M5 11h14v10H5z', 'M8 11V7a4 4 0 0 1 8 0v4'],
  bell: ['M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9', 'M10.3 21a2 2 0 0 0 3.4 0'],
  dot: [circle(12, 12, 3)],
  chat: ['M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z', 'M8 9h8', 'M8 13h5'],
} as const satisfies Record<string, readonly string[]>;

export type IconName = keyof typeof ICONS;

/** Font Awesome 4 names (without `fa-`) → the drawing that means the same. */
const FA: Record<string, IconName> = {
  desktop: 'monitor', television: 'monitor', tv: 'monitor', laptop: 'monitor',
  dashboard: 'gauge', tachometer: 'gauge',
  'volume-up': 'megaphone', bullhorn: 'megaphone',
  'file-text': 'file', 'file-text-o': 'file', 'first-order': 'file', file: 'file', 'file-o': 'file', newspaper: 'file', 'newspaper-o': 'file', book: 'file',
  'shopping-bag': 'bag', 'shopping-basket': 'bag', gift: 'bag',
  'th-list': 'list', list: 'list', 'list-ul': 'list', 'list-alt': 'list', bars: 'list', navicon: 'list', reorder: 'list', th: 'list', 'th-large': 'list',
  codepen: 'tag', tag: 'tag', tags: 'tag', bookmark: 'tag', ticket: 'tag', diamond: 'tag',
  archive: 'archive', 'window-restore': 'archive', inbox: 'archive', building: 'archive', 'building-o': 'archive', institution: 'archive', bank: 'archive', university: 'archive',
  truck: 'truck', 'map-marker': 'truck', map: 'truck',
  cog: 'settings', cogs: 'settings', gear: 'settings', gears: 'settings', wrench: 'settings', sliders: 'settings',
  user: 'user', users: 'user', 'user-o': 'user', 'user-circle': 'user', 'user-circle-o': 'user', 'address-book': 'user', 'address-card': 'user', group: 'user',
  envelope: 'mail', 'envelope-o': 'mail', comment: 'mail', 'commenting': 'mail',
  comments: 'chat', 'comments-o': 'chat', 'comment-o': 'chat',
  'picture-o': 'image', image: 'image', photo: 'image', camera: 'image',
  money: 'money', 'credit-card': 'money', cny: 'money', rmb: 'money', yen: 'money', jpy: 'money', usd: 'money', dollar: 'money',
  cubes: 'box', cube: 'box', 'puzzle-piece': 'box',
  globe: 'globe', 'external-link': 'globe', sitemap: 'globe',
  home: 'home',
  'shopping-cart': 'cart', 'cart-plus': 'cart',
  calculator: 'chart', 'bar-chart': 'chart', 'area-chart': 'chart', 'line-chart': 'chart', 'pie-chart': 'chart', 'bar-chart-o': 'chart',
  folder: 'folder', 'folder-o': 'folder', 'folder-open': 'folder', 'folder-open-o': 'folder',
  link: 'link', chain: 'link',
  pencil: 'pencil', edit: 'pencil', 'pencil-square-o': 'pencil',
  lock: 'lock', key: 'lock', 'shield': 'lock',
  bell: 'bell', 'bell-o': 'bell', clock: 'bell', 'clock-o': 'bell',
};

/** The Font Awesome name in a menu's icon class (`fa-cog`, `fa fa-cog`), without `fa-`; '' when none. */
export function iconLabel(icon: string | null | undefined): string {
  const name = (icon ?? '').split(/\s+/).find((c) => c.startsWith('fa-')) ?? '';
  return name.replace(/^fa-/, '');
}

/** The drawing for a menu icon class; null when the name has none (the caller draws its fallback). */
export function iconFor(icon: string | null | undefined): IconName | null {
  return FA[iconLabel(icon)] ?? null;
}

/** An icon of the set, decorative (aria-hidden): the text beside it names the thing. */
export function Icon({ name, className = 'h-5 w-5' }: { name: IconName; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" data-icon={name} className={`shrink-0 ${className}`}>
      {ICONS[name].map((d, i) => (
        <path key={i} d={d} />
      ))}
    </svg>
  );
}
