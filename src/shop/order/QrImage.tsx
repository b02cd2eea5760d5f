import { useEffect, useState } from 'react';
import { Spinner } from '../../ui/Spinner';

/** The dark modules of a QR code as one SVG path (a 4-module quiet zone around). */
function qrPath(isDark: (row: number, col: number) => boolean, count: number): string {
  let d = '';
  for (let row = 0; row < count; row++) for (let col = 0; col < count; col++) if (isDark(row, col)) d += `M${col + 4} ${row + 4}h1v1h-1z`;
  return d;
}

/**
 * `text` as a QR code, drawn as SVG. The encoder (qrcode-generator) is fetched on first use, so
 * only the pay page's QR dialog loads it.
 */
export function QrImage({ text, label, size = 200 }: { text: string; label: string; size?: number }) {
  const [qr, setQr] = useState<{ text: string; count: number; path: string } | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode-generator').then(({ default: qrcode }) => {
      const code = qrcode(0, 'M');
      code.addData(text);
      code.make();
      const count = code.getModuleCount();
      if (live) setQr({ text, count, path: qrPath((row, col) => code.isDark(row, col), count) });
    });
    return () => {
      live = false;
    };
  }, [text]);
  if (!qr || qr.text !== text) {
    return (
      <div style={{ width: size, height: size }} className="flex items-center justify-center bg-slate-50">
        <Spinner />
      </div>
    );
  }
  const box = qr.count + 8;
  return (
    <svg role="img" aria-label={label} data-testid="pay-qr" width={size} height={size} viewBox={`0 0 ${box} ${box}`} shapeRendering="crispEdges" className="bg-white">
      <rect width={box} height={box} fill="#fff" />
      <path d={qr.path} fill="#000" />
    </svg>
  );
}
