export function Avatar({ src, name, size = 32 }: { src?: string | null; name: string; size?: number }) {
  const style = { width: size, height: size };
  if (src) return <img src={src} alt="" style={style} className="shrink-0 rounded-full object-cover" />;
  return (
    <span aria-hidden="true" style={style} className="inline-flex shrink-0 items-center justify-center rounded-full bg-office text-sm font-semibold text-white">
      {(name || '?').slice(0, 1).toUpperCase()}
    </span>
  );
}
