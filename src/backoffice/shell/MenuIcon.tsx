/**
 * Font Awesome is not bundled: a menu icon class (`fa-cog`, `fa fa-cog`) is shown as a small
 * neutral glyph carrying the icon's initial, so menus stay scannable and nothing 404s.
 */
export function iconLabel(icon: string | null | undefined): string {
  const name = (icon ?? '').split(/\s+/).find((c) => c.startsWith('fa-')) ?? '';
  return name.replace(/^fa-/, '');
}

export function MenuIcon({ icon, className = '' }: { icon?: string | null; className?: string }) {
  const label = iconLabel(icon);
  return (
    <span
      aria-hidden="true"
      title={label || undefined}
      data-icon={label || undefined}
      className={`inline-flex h-5 w-5 shrink-0 items-center justify-center rounded border border-current text-[10px] font-semibold uppercase opacity-80 ${className}`}
    >
      {label ? label[0] : '•'}
    </span>
  );
}
