import { Icon, iconFor, iconLabel } from '../../ui/icons';

export { iconLabel };

/**
 * A menu's icon from its Font Awesome class (`fa-cog`, `fa fa-cog`), drawn by the app's one icon
 * set (src/ui/icons.tsx); a name the set does not draw shows a small dot, never a letter or a box.
 */
export function MenuIcon({ icon, className = '' }: { icon?: string | null; className?: string }) {
  const label = iconLabel(icon);
  const name = iconFor(icon) ?? 'dot';
  return (
    <span aria-hidden="true" title={label || undefined} data-icon={label || undefined} className={`inline-flex h-5 w-5 shrink-0 items-center justify-center opacity-90 ${className}`}>
      <Icon name={name} className={name === 'dot' ? 'h-3 w-3' : 'h-5 w-5'} />
    </span>
  );
}
