import type { ButtonConfig, ButtonKey, ButtonSetting } from './types';

/**
 * Spec §6: add, edit, delete, search, export shown; batch delete and import hidden. Keys as the
 * reference's btnConfig: store (add), update (row edit), deletes (row delete), show (row view),
 * search, export, destroy (toolbar batch delete), import.
 */
export const BUTTON_DEFAULTS: Readonly<Record<ButtonKey, boolean>> = {
  store: true,
  update: true,
  deletes: true,
  show: true,
  search: true,
  export: true,
  destroy: false,
  import: false,
};

export interface ButtonState {
  show: boolean;
  disabled: boolean;
}

export type ResolvedButtons = Record<ButtonKey, ButtonState>;

function resolveOne(key: ButtonKey, setting: ButtonSetting | undefined): ButtonState {
  if (setting === undefined) return { show: BUTTON_DEFAULTS[key], disabled: false };
  if (typeof setting === 'boolean') return { show: setting, disabled: false };
  return { show: setting.show ?? BUTTON_DEFAULTS[key], disabled: setting.disabled ?? false };
}

/** Every button's `{show, disabled}` with the page overrides merged over the defaults. */
export function resolveButtons(config: ButtonConfig = {}): ResolvedButtons {
  const keys = Object.keys(BUTTON_DEFAULTS) as ButtonKey[];
  return Object.fromEntries(keys.map((key) => [key, resolveOne(key, config[key])])) as ResolvedButtons;
}

/**
 * Width of the row-action column: enough for the buttons a row shows, no more (the pinned column
 * covers the columns scrolling under it). `custom` counts the page's own row actions.
 */
export function actionColumnWidth(buttons: ResolvedButtons, custom: number): number {
  const standard = [buttons.show.show, buttons.update.show, buttons.deletes.show].filter(Boolean).length;
  return Math.max(88, 16 + 52 * standard + 64 * custom);
}
