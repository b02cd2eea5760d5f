/**
 * Draws the demo images into `server/db/seed/images/` (committed; served at /uploads/seed):
 * `npx tsx scripts/seed-images.ts`. Every picture is an SVG (soft gradient, a simple product
 * silhouette) rendered by sharp, so the output is the same on every run. The seed only
 * stores the URLs (server/db/seed/media.ts).
 */
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { BRANDS, CLASS_PALETTES, FIRST_STORES, GOODS, MORE_STORES, SHOPPERS, classRows, type Shape } from '../server/db/seed/catalogue-data';
import { ADV_IMAGES, SEED_IMAGES_DIR, avatar, advImage, brandLogo, goodsImages, seedFile, storeDocs, storeFace, storeLogo, storeMobileSlide, storeSlide, thumbOf, type AdvImage } from '../server/db/seed/media';

const FONT = "font-family=\"DejaVu Sans, Liberation Sans, sans-serif\" font-weight=\"bold\"";

/** A product silhouette in a 400×400 box: m main colour, a accent. */
function shape(kind: Shape, m: string, a: string): string {
  const W = '#ffffff';
  switch (kind) {
    case 'phone':
      return `<rect x="128" y="36" width="144" height="328" rx="28" fill="${m}"/><rect x="138" y="50" width="124" height="300" rx="18" fill="url(#acc)"/><rect x="182" y="58" width="36" height="8" rx="4" fill="${m}"/><path d="M138 250 L262 130 L262 190 L138 310 Z" fill="${W}" opacity=".12"/>`;
    case 'charger':
      return `<rect x="158" y="70" width="16" height="60" rx="4" fill="#9ca3af"/><rect x="226" y="70" width="16" height="60" rx="4" fill="#9ca3af"/><rect x="115" y="120" width="170" height="180" rx="30" fill="${W}"/><rect x="115" y="120" width="170" height="180" rx="30" fill="none" stroke="${m}" stroke-width="4" opacity=".25"/><rect x="150" y="220" width="30" height="12" rx="6" fill="${m}"/><rect x="220" y="220" width="30" height="12" rx="6" fill="${m}"/><rect x="185" y="255" width="30" height="10" rx="3" fill="${a}"/><path d="M200 300 C200 350 290 330 320 370" stroke="${a}" stroke-width="10" fill="none" stroke-linecap="round"/>`;
    case 'watch':
      return `<rect x="160" y="20" width="80" height="120" rx="18" fill="${m}"/><rect x="160" y="260" width="80" height="120" rx="18" fill="${m}"/><rect x="120" y="105" width="160" height="190" rx="48" fill="#1f2937"/><rect x="134" y="119" width="132" height="162" rx="38" fill="url(#acc)"/><rect x="280" y="170" width="12" height="40" rx="5" fill="#6b7280"/><circle cx="200" cy="200" r="40" fill="none" stroke="${W}" stroke-width="6" opacity=".7"/><path d="M200 200 L200 172 M200 200 L222 212" stroke="${W}" stroke-width="6" stroke-linecap="round"/>`;
    case 'headphones':
      return `<path d="M100 230 C100 90 300 90 300 230" stroke="${m}" stroke-width="24" fill="none" stroke-linecap="round"/><rect x="70" y="200" width="70" height="130" rx="32" fill="${m}"/><rect x="260" y="200" width="70" height="130" rx="32" fill="${m}"/><rect x="92" y="216" width="36" height="98" rx="18" fill="url(#acc)"/><rect x="272" y="216" width="36" height="98" rx="18" fill="url(#acc)"/>`;
    case 'speaker':
      return `<rect x="130" y="80" width="140" height="260" rx="60" fill="${m}"/><ellipse cx="200" cy="96" rx="58" ry="14" fill="${a}"/>${dots(150, 150, 5, 8, 25, 22, W, 0.18)}<ellipse cx="200" cy="330" rx="62" ry="10" fill="#000" opacity=".15"/>`;
    case 'camera':
      return `<rect x="110" y="100" width="90" height="40" rx="10" fill="${m}"/><rect x="60" y="125" width="280" height="180" rx="26" fill="${m}"/><rect x="60" y="160" width="50" height="145" rx="16" fill="#000" opacity=".18"/><circle cx="215" cy="215" r="78" fill="#111827"/><circle cx="215" cy="215" r="58" fill="url(#acc)"/><circle cx="215" cy="215" r="26" fill="#0b1020"/><circle cx="198" cy="196" r="10" fill="${W}" opacity=".55"/><circle cx="300" cy="150" r="9" fill="${a}"/>`;
    case 'actioncam':
      return `<rect x="110" y="110" width="180" height="170" rx="26" fill="${m}"/><circle cx="170" cy="195" r="50" fill="#111827"/><circle cx="170" cy="195" r="34" fill="url(#acc)"/><circle cx="160" cy="184" r="8" fill="${W}" opacity=".6"/><rect x="232" y="150" width="40" height="36" rx="6" fill="#111827"/><rect x="150" y="96" width="40" height="18" rx="5" fill="${a}"/><rect x="170" y="280" width="60" height="50" rx="8" fill="#374151"/>`;
    case 'laptop':
      return `<rect x="84" y="80" width="232" height="164" rx="12" fill="${m}"/><rect x="96" y="92" width="208" height="140" rx="6" fill="url(#acc)"/><path d="M48 252 L352 252 L372 282 Q372 290 362 290 L38 290 Q28 290 28 282 Z" fill="#cbd5e1"/><rect x="170" y="252" width="60" height="8" rx="4" fill="#94a3b8"/>`;
    case 'tablet':
      return `<rect x="96" y="50" width="208" height="300" rx="24" fill="${m}"/><rect x="110" y="64" width="180" height="272" rx="12" fill="url(#acc)"/><path d="M110 260 L290 120 L290 180 L110 320 Z" fill="${W}" opacity=".12"/><rect x="300" y="120" width="14" height="150" rx="7" fill="#e5e7eb" transform="rotate(8 307 195)"/>`;
    case 'desktop':
      return `<rect x="135" y="50" width="140" height="300" rx="16" fill="${m}"/>${[0, 1, 2, 3, 4].map((i) => `<rect x="160" y="${90 + i * 22}" width="90" height="8" rx="4" fill="${W}" opacity=".15"/>`).join('')}<circle cx="205" cy="300" r="12" fill="${a}"/><rect x="135" y="50" width="16" height="300" rx="8" fill="${W}" opacity=".1"/>`;
    case 'keyboard': {
      const keys: string[] = [];
      for (let r = 0; r < 4; r++) for (let c = 0; c < 12; c++) keys.push(`<rect x="${58 + c * 24}" y="${160 + r * 26}" width="19" height="20" rx="4" fill="${W}" opacity="${r === 3 && c > 3 && c < 9 ? 0 : 0.85}"/>`);
      return `<rect x="40" y="140" width="320" height="130" rx="18" fill="${m}"/>${keys.join('')}<rect x="154" y="238" width="92" height="20" rx="4" fill="${a}"/>`;
    }
    case 'mouse':
      return `<rect x="138" y="70" width="124" height="250" rx="62" fill="${m}"/><path d="M200 70 L200 170" stroke="${W}" stroke-width="4" opacity=".35"/><rect x="192" y="105" width="16" height="36" rx="8" fill="${a}"/><path d="M138 170 L262 170" stroke="${W}" stroke-width="3" opacity=".2"/>`;
    case 'monitor':
      return `<rect x="50" y="70" width="300" height="190" rx="10" fill="${m}"/><rect x="60" y="80" width="280" height="166" rx="4" fill="url(#acc)"/><rect x="186" y="260" width="28" height="50" fill="#9ca3af"/><rect x="136" y="306" width="128" height="14" rx="7" fill="#6b7280"/>`;
    case 'pen':
      return [0, 1, 2].map((i) => `<g transform="rotate(${-30 + i * 15} 200 200) translate(${(i - 1) * 50} 0)"><rect x="188" y="60" width="24" height="250" rx="8" fill="${i === 1 ? a : m}"/><path d="M188 310 L212 310 L200 345 Z" fill="#374151"/><rect x="208" y="70" width="8" height="90" rx="4" fill="#d1d5db"/></g>`).join('');
    case 'printer':
      return `<rect x="120" y="80" width="160" height="100" fill="${W}" stroke="#e5e7eb"/><rect x="60" y="150" width="280" height="140" rx="20" fill="${m}"/><rect x="100" y="270" width="200" height="50" rx="6" fill="${W}"/><rect x="250" y="175" width="60" height="14" rx="7" fill="${a}"/><circle cx="92" cy="182" r="8" fill="#22c55e"/>`;
    case 'tv':
      return `<rect x="20" y="70" width="360" height="220" rx="8" fill="#111827"/><rect x="28" y="78" width="344" height="204" rx="3" fill="url(#acc)"/><path d="M28 240 C120 180 220 260 372 150 L372 282 L28 282 Z" fill="${W}" opacity=".15"/><rect x="90" y="290" width="12" height="30" fill="#374151"/><rect x="298" y="290" width="12" height="30" fill="#374151"/>`;
    case 'fridge':
      return `<rect x="110" y="24" width="180" height="352" rx="18" fill="#e5e7eb"/><rect x="110" y="24" width="180" height="352" rx="18" fill="url(#acc)" opacity=".25"/><path d="M200 30 L200 370" stroke="#9ca3af" stroke-width="3"/><rect x="180" y="120" width="8" height="90" rx="4" fill="${m}"/><rect x="212" y="120" width="8" height="90" rx="4" fill="${m}"/><rect x="128" y="60" width="50" height="30" rx="4" fill="${a}" opacity=".7"/>`;
    case 'washer':
      return `<rect x="85" y="50" width="230" height="300" rx="20" fill="#f8fafc" stroke="#cbd5e1" stroke-width="4"/><path d="M85 110 L315 110" stroke="#cbd5e1" stroke-width="4"/><circle cx="270" cy="80" r="12" fill="${m}"/><rect x="110" y="72" width="70" height="16" rx="6" fill="${a}" opacity=".6"/><circle cx="200" cy="230" r="86" fill="#cbd5e1"/><circle cx="200" cy="230" r="66" fill="url(#acc)"/><path d="M150 240 C180 210 220 270 250 230" stroke="${W}" stroke-width="8" fill="none" opacity=".6"/>`;
    case 'cooker':
      return `<rect x="80" y="140" width="240" height="180" rx="70" fill="${m}"/><ellipse cx="200" cy="150" rx="118" ry="40" fill="${a}"/><rect x="170" y="100" width="60" height="22" rx="10" fill="#374151"/><rect x="160" y="220" width="80" height="40" rx="10" fill="${W}" opacity=".85"/><circle cx="182" cy="240" r="6" fill="${a}"/><circle cx="218" cy="240" r="6" fill="#22c55e"/>`;
    case 'fryer':
      return `<rect x="105" y="70" width="190" height="260" rx="50" fill="${m}"/><rect x="135" y="190" width="130" height="100" rx="18" fill="#111827" opacity=".8"/><rect x="150" y="205" width="100" height="40" rx="10" fill="url(#acc)" opacity=".8"/><rect x="175" y="300" width="50" height="16" rx="8" fill="#374151"/><circle cx="200" cy="130" r="26" fill="${W}" opacity=".85"/><circle cx="200" cy="130" r="10" fill="${a}"/>`;
    case 'coffee':
      return `<rect x="95" y="50" width="210" height="290" rx="20" fill="${m}"/><rect x="120" y="150" width="160" height="150" fill="#111827" opacity=".35"/><rect x="170" y="150" width="60" height="20" fill="#9ca3af"/><path d="M178 240 L222 240 L218 285 Q218 292 210 292 L190 292 Q182 292 182 285 Z" fill="${W}"/><rect x="110" y="300" width="180" height="14" rx="4" fill="#9ca3af"/><circle cx="150" cy="95" r="14" fill="${a}"/><circle cx="250" cy="95" r="14" fill="${W}" opacity=".5"/>`;
    case 'vacuum':
      return `<g transform="rotate(12 200 200)"><rect x="192" y="30" width="18" height="280" rx="9" fill="#9ca3af"/><ellipse cx="222" cy="120" rx="44" ry="64" fill="${m}"/><ellipse cx="222" cy="112" rx="24" ry="36" fill="url(#acc)"/><rect x="130" y="300" width="150" height="42" rx="14" fill="${m}"/><rect x="150" y="330" width="110" height="8" rx="4" fill="${a}"/></g>`;
    case 'fan':
      return `<circle cx="200" cy="150" r="112" fill="${W}" opacity=".6"/><circle cx="200" cy="150" r="112" fill="none" stroke="${m}" stroke-width="8"/>${[0, 120, 240].map((r) => `<ellipse cx="200" cy="100" rx="32" ry="52" fill="url(#acc)" transform="rotate(${r} 200 150)"/>`).join('')}<circle cx="200" cy="150" r="18" fill="${m}"/><rect x="193" y="260" width="14" height="90" fill="${m}"/><ellipse cx="200" cy="352" rx="70" ry="14" fill="${m}"/>`;
    case 'humidifier':
      return `<rect x="125" y="120" width="150" height="230" rx="70" fill="${W}"/><rect x="125" y="230" width="150" height="120" rx="50" fill="url(#acc)" opacity=".6"/><ellipse cx="200" cy="128" rx="40" ry="12" fill="${m}"/><path d="M190 110 C170 80 210 70 190 40 M215 110 C200 85 235 70 218 45" stroke="${a}" stroke-width="8" fill="none" stroke-linecap="round" opacity=".6"/><circle cx="200" cy="300" r="10" fill="${m}"/>`;
    case 'dress':
      return `<path d="M168 50 L180 50 L186 100 L214 100 L220 50 L232 50 L246 125 L310 350 Q200 372 90 350 L154 125 Z" fill="${m}"/><rect x="152" y="150" width="96" height="16" fill="${a}"/>${dots(140, 200, 4, 4, 36, 38, W, 0.35)}`;
    case 'sweater':
    case 'jacket':
      return `<path d="M140 70 L176 56 Q200 90 224 56 L260 70 L320 110 L345 300 L300 306 L280 170 L276 340 L124 340 L120 170 L100 306 L55 300 L80 110 Z" fill="${m}"/><path d="M200 86 L200 340" stroke="${kind === 'jacket' ? a : W}" stroke-width="${kind === 'jacket' ? 6 : 3}"/>${kind === 'sweater' ? [130, 180, 230, 280].map((y) => `<circle cx="212" cy="${y}" r="6" fill="${a}"/>`).join('') : `<path d="M176 56 Q200 20 224 56" fill="none" stroke="${m}" stroke-width="12"/><rect x="140" y="230" width="40" height="8" rx="4" fill="${a}"/><rect x="220" y="230" width="40" height="8" rx="4" fill="${a}"/>`}`;
    case 'shirt':
      return `<path d="M140 70 L176 58 Q200 92 224 58 L260 70 L332 122 L300 170 L270 152 L270 340 L130 340 L130 152 L100 170 L68 122 Z" fill="${m}"/><path d="M176 58 Q200 92 224 58" fill="none" stroke="${a}" stroke-width="8"/><rect x="215" y="130" width="30" height="30" rx="6" fill="${a}" opacity=".8"/>`;
    case 'shoe':
      return `<path d="M50 250 Q46 176 110 168 L190 146 Q226 204 300 218 Q352 230 354 270 L354 286 L50 286 Z" fill="${m}"/><path d="M48 282 L356 282 L356 300 Q356 312 344 312 L60 312 Q48 312 48 300 Z" fill="${W}"/>${[0, 1, 2, 3].map((i) => `<path d="M${150 + i * 22} ${180 + i * 6} l22 -14" stroke="${W}" stroke-width="6" stroke-linecap="round"/>`).join('')}<path d="M70 262 Q180 240 330 256" stroke="${a}" stroke-width="10" fill="none"/>`;
    case 'backpack':
      return `<path d="M165 90 Q200 40 235 90" stroke="${m}" stroke-width="14" fill="none"/><rect x="105" y="80" width="190" height="270" rx="56" fill="${m}"/><rect x="135" y="220" width="130" height="100" rx="22" fill="url(#acc)"/><path d="M150 240 L250 240" stroke="${W}" stroke-width="5" opacity=".6"/><rect x="160" y="120" width="80" height="10" rx="5" fill="${W}" opacity=".3"/>`;
    case 'suitcase':
      return `<rect x="170" y="40" width="60" height="60" rx="10" fill="none" stroke="#6b7280" stroke-width="10"/><rect x="115" y="90" width="170" height="250" rx="22" fill="${m}"/>${[150, 200, 250].map((x) => `<rect x="${x - 4}" y="100" width="8" height="230" rx="4" fill="${W}" opacity=".2"/>`).join('')}<circle cx="140" cy="352" r="12" fill="#374151"/><circle cx="260" cy="352" r="12" fill="#374151"/><rect x="115" y="150" width="170" height="10" fill="${a}" opacity=".8"/>`;
    case 'jar':
      return `<rect x="100" y="190" width="200" height="130" rx="28" fill="${W}"/><rect x="100" y="190" width="200" height="130" rx="28" fill="url(#acc)" opacity=".35"/><rect x="108" y="140" width="184" height="62" rx="14" fill="${m}"/><rect x="150" y="236" width="100" height="40" rx="8" fill="${m}" opacity=".8"/>`;
    case 'bottle':
      return `<rect x="165" y="50" width="70" height="56" rx="10" fill="${m}"/><rect x="178" y="100" width="44" height="40" fill="${W}" opacity=".9"/><rect x="135" y="130" width="130" height="220" rx="30" fill="url(#acc)"/><rect x="155" y="200" width="90" height="90" rx="10" fill="${W}" opacity=".85"/><rect x="170" y="225" width="60" height="10" rx="5" fill="${m}"/><rect x="180" y="250" width="40" height="8" rx="4" fill="${m}" opacity=".5"/>`;
    case 'sachet':
      return `<rect x="105" y="50" width="190" height="300" rx="12" fill="url(#acc)"/>${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `<rect x="${112 + i * 23}" y="58" width="10" height="22" fill="${W}" opacity=".4"/>`).join('')}<rect x="135" y="140" width="130" height="150" rx="60" fill="${W}" opacity=".9"/><circle cx="178" cy="200" r="8" fill="${m}"/><circle cx="222" cy="200" r="8" fill="${m}"/><path d="M180 240 Q200 256 220 240" stroke="${m}" stroke-width="6" fill="none" stroke-linecap="round"/>`;
    case 'lipstick':
      return `<path d="M172 150 L172 92 Q172 70 195 60 L228 48 L228 150 Z" fill="${a}"/><rect x="166" y="146" width="68" height="70" rx="4" fill="#d4af37"/><rect x="158" y="212" width="84" height="140" rx="8" fill="${m}"/><rect x="268" y="220" width="70" height="132" rx="8" fill="${m}" transform="rotate(10 303 286)"/><rect x="170" y="226" width="8" height="110" rx="4" fill="${W}" opacity=".25"/>`;
    case 'perfume':
      return `<rect x="172" y="60" width="56" height="60" rx="8" fill="#d4af37"/><rect x="186" y="116" width="28" height="30" fill="#c9a227"/><rect x="105" y="140" width="190" height="200" rx="36" fill="url(#acc)" opacity=".85"/><rect x="120" y="200" width="160" height="124" rx="26" fill="${m}" opacity=".35"/><rect x="125" y="160" width="24" height="150" rx="12" fill="${W}" opacity=".35"/>`;
    case 'toothbrush':
      return `<ellipse cx="200" cy="350" rx="60" ry="16" fill="${m}"/><rect x="182" y="110" width="36" height="240" rx="18" fill="${W}"/><rect x="182" y="110" width="36" height="240" rx="18" fill="url(#acc)" opacity=".5"/><rect x="189" y="40" width="22" height="80" rx="10" fill="${W}"/><rect x="176" y="50" width="14" height="44" rx="4" fill="${a}"/><circle cx="200" cy="200" r="9" fill="${m}"/>`;
    case 'apple':
      return `<defs><linearGradient id="red" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f87171"/><stop offset="1" stop-color="#b91c1c"/></linearGradient></defs><path d="M200 118 C140 76 66 118 78 210 C90 304 150 346 200 322 C250 346 310 304 322 210 C334 118 260 76 200 118 Z" fill="url(#red)"/><path d="M200 120 C198 90 206 70 218 52" stroke="#7c4a1e" stroke-width="10" fill="none" stroke-linecap="round"/><ellipse cx="248" cy="76" rx="34" ry="16" fill="#4d9a3f" transform="rotate(-25 248 76)"/><ellipse cx="140" cy="170" rx="18" ry="34" fill="${W}" opacity=".35" transform="rotate(30 140 170)"/>`;
    case 'orange':
      return `<defs><linearGradient id="org" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fdba74"/><stop offset="1" stop-color="#ea580c"/></linearGradient></defs><circle cx="200" cy="220" r="125" fill="url(#org)"/>${dots(130, 150, 4, 4, 45, 45, '#fff', 0.12)}<ellipse cx="236" cy="92" rx="40" ry="16" fill="#4d9a3f" transform="rotate(-20 236 92)"/><circle cx="200" cy="100" r="8" fill="#6b8e23"/><ellipse cx="150" cy="170" rx="20" ry="34" fill="${W}" opacity=".3" transform="rotate(30 150 170)"/>`;
    case 'nuts':
      return `${[[150, 190], [200, 170], [250, 190], [175, 215], [225, 215], [200, 200]].map(([x, y], i) => `<ellipse cx="${x}" cy="${y}" rx="34" ry="26" fill="${i % 2 ? '#a16207' : '#ca8a04'}" transform="rotate(${i * 30} ${x} ${y})"/>`).join('')}<path d="M70 220 L330 220 Q320 340 200 340 Q80 340 70 220 Z" fill="${m}"/><path d="M70 220 L330 220" stroke="${a}" stroke-width="10"/>`;
    case 'cookie':
      return `<circle cx="240" cy="170" r="100" fill="#c98f43"/><circle cx="170" cy="240" r="115" fill="#e0a95c"/>${[[130, 210], [190, 190], [210, 260], [150, 280], [110, 260], [240, 220]].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="11" fill="#5b3716"/>`).join('')}<circle cx="270" cy="130" r="9" fill="#5b3716"/>`;
    case 'tea':
      return `<rect x="125" y="80" width="150" height="260" rx="14" fill="${m}"/><rect x="120" y="70" width="160" height="48" rx="10" fill="${a}"/><ellipse cx="200" cy="230" rx="36" ry="64" fill="#4d9a3f" transform="rotate(30 200 230)"/><path d="M176 270 Q200 230 224 190" stroke="${W}" stroke-width="4" fill="none" opacity=".7"/>`;
    case 'coffeebag':
      return `<path d="M118 90 L282 90 L300 345 L100 345 Z" fill="${m}"/><rect x="112" y="70" width="176" height="34" rx="6" fill="${a}"/><rect x="140" y="170" width="120" height="110" rx="10" fill="${W}" opacity=".9"/><ellipse cx="200" cy="225" rx="24" ry="34" fill="#6f4518"/><path d="M200 195 Q188 225 200 255" stroke="${W}" stroke-width="4" fill="none"/>`;
    case 'sofa':
      return `<rect x="70" y="130" width="260" height="110" rx="30" fill="${m}"/><rect x="60" y="210" width="280" height="80" rx="20" fill="url(#acc)"/><rect x="36" y="180" width="60" height="120" rx="24" fill="${m}"/><rect x="304" y="180" width="60" height="120" rx="24" fill="${m}"/><rect x="70" y="298" width="12" height="34" fill="#5b4636"/><rect x="318" y="298" width="12" height="34" fill="#5b4636"/><path d="M200 215 L200 285" stroke="${W}" stroke-width="3" opacity=".3"/>`;
    case 'chair':
      return `<rect x="130" y="60" width="140" height="160" rx="46" fill="${m}"/><rect x="105" y="205" width="190" height="56" rx="22" fill="url(#acc)"/><path d="M130 260 L110 350 M270 260 L290 350 M160 260 L154 340 M240 260 L246 340" stroke="#6b4f2a" stroke-width="10" stroke-linecap="round"/>`;
    case 'bed':
      return `<rect x="50" y="100" width="300" height="130" rx="20" fill="${m}"/><rect x="40" y="200" width="320" height="90" rx="16" fill="${W}"/><rect x="40" y="230" width="320" height="70" rx="14" fill="url(#acc)"/><rect x="80" y="178" width="100" height="40" rx="18" fill="${W}"/><rect x="220" y="178" width="100" height="40" rx="18" fill="${W}"/><rect x="50" y="300" width="14" height="30" fill="#5b4636"/><rect x="336" y="300" width="14" height="30" fill="#5b4636"/>`;
    case 'pillow':
      return `<path d="M70 140 Q200 110 330 140 Q350 210 330 280 Q200 310 70 280 Q50 210 70 140 Z" fill="${W}"/><path d="M70 140 Q200 110 330 140 Q350 210 330 280 Q200 310 70 280 Q50 210 70 140 Z" fill="url(#acc)" opacity=".35"/><path d="M110 170 Q200 150 290 170 M110 250 Q200 270 290 250" stroke="${m}" stroke-width="4" fill="none" opacity=".35"/>`;
    case 'lamp':
      return `<circle cx="200" cy="210" r="90" fill="${a}" opacity=".15"/><path d="M140 80 L260 80 L305 190 L95 190 Z" fill="url(#acc)"/><rect x="194" y="190" width="12" height="130" fill="${m}"/><ellipse cx="200" cy="330" rx="72" ry="16" fill="${m}"/>`;
    case 'ceilinglamp':
      return `<ellipse cx="200" cy="210" rx="170" ry="60" fill="${a}" opacity=".15"/><ellipse cx="200" cy="190" rx="150" ry="48" fill="${W}"/><ellipse cx="200" cy="190" rx="150" ry="48" fill="none" stroke="${m}" stroke-width="6"/><ellipse cx="200" cy="190" rx="100" ry="28" fill="url(#acc)" opacity=".6"/>`;
    case 'mat':
      return `<rect x="70" y="230" width="260" height="60" rx="8" fill="url(#acc)"/><rect x="80" y="120" width="240" height="110" rx="55" fill="url(#acc)"/><circle cx="290" cy="175" r="55" fill="${m}"/><circle cx="290" cy="175" r="36" fill="none" stroke="${W}" stroke-width="4" opacity=".5"/><circle cx="290" cy="175" r="18" fill="none" stroke="${W}" stroke-width="4" opacity=".5"/>`;
    case 'dumbbell':
      return `<rect x="90" y="190" width="220" height="20" rx="8" fill="#6b7280"/><rect x="70" y="130" width="40" height="140" rx="10" fill="${m}"/><rect x="290" y="130" width="40" height="140" rx="10" fill="${m}"/><rect x="110" y="150" width="26" height="100" rx="8" fill="url(#acc)"/><rect x="264" y="150" width="26" height="100" rx="8" fill="url(#acc)"/>`;
    case 'tent':
      return `<path d="M200 70 L350 320 L50 320 Z" fill="${m}"/><path d="M200 70 L350 320 L270 320 Z" fill="#000" opacity=".15"/><path d="M200 170 L250 320 L150 320 Z" fill="url(#acc)"/><path d="M30 322 L370 322" stroke="${m}" stroke-width="6" stroke-linecap="round"/><path d="M200 70 L200 44" stroke="#6b7280" stroke-width="6"/>`;
    case 'bike':
      return `<circle cx="105" cy="260" r="72" stroke="${m}" stroke-width="12" fill="none"/><circle cx="295" cy="260" r="72" stroke="${m}" stroke-width="12" fill="none"/><path d="M105 260 L175 260 L255 160 L150 160 Z M175 260 L140 130 M255 160 L295 260" stroke="${a}" stroke-width="12" fill="none" stroke-linejoin="round"/><path d="M120 128 L165 128" stroke="${m}" stroke-width="12" stroke-linecap="round"/><path d="M250 160 L240 120 L275 112" stroke="${m}" stroke-width="10" fill="none" stroke-linecap="round"/>`;
    case 'helmet':
      return `<path d="M70 270 C70 110 330 110 330 270 Z" fill="${m}"/><path d="M70 270 L330 270 L320 292 L80 292 Z" fill="${a}"/>${[120, 170, 220, 270].map((x) => `<ellipse cx="${x + 5}" cy="190" rx="14" ry="34" fill="${W}" opacity=".3" transform="rotate(${(x - 195) / 4} ${x} 190)"/>`).join('')}`;
  }
}

function dots(x: number, y: number, cols: number, rows: number, dx: number, dy: number, fill: string, opacity: number): string {
  const out: string[] = [];
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) out.push(`<circle cx="${x + c * dx}" cy="${y + r * dy}" r="5" fill="${fill}" opacity="${opacity}"/>`);
  return out.join('');
}

const ACCENTS = ['', '#f59e0b', '#10b981', '#6366f1', '#ef4444', '#06b6d4', '#ec4899'];

/** Lightens a #rrggbb colour towards white (0..1). */
function tint(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(c + (255 - c) * amount);
  return `#${[n >> 16, (n >> 8) & 255, n & 255].map((c) => mix(c).toString(16).padStart(2, '0')).join('')}`;
}

/** The accent gradient plus a product drawn at (cx, cy) with the given size and rotation. */
function product(kind: Shape, m: string, a: string, cx: number, cy: number, size: number, rotate = 0): string {
  const s = size / 400;
  return `<g transform="translate(${cx} ${cy}) rotate(${rotate}) scale(${s}) translate(-200 -200)">${shape(kind, m, a)}</g>`;
}

const accDef = (a: string) => `<linearGradient id="acc" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${tint(a, 0.35)}"/><stop offset="1" stop-color="${a}"/></linearGradient>`;

function goodsSvg(id: number, n: number, kind: Shape, palette: [string, string, string, string]): string {
  const [light, deep, m, paletteAccent] = palette;
  const a = ACCENTS[id % ACCENTS.length] || paletteAccent;
  const flip = n % 2 === 0;
  const bg = `<linearGradient id="bg" x1="${flip ? 1 : 0}" y1="0" x2="${flip ? 0 : 1}" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${deep}"/></linearGradient>`;
  let body: string;
  if (n === 1) body = `<ellipse cx="400" cy="660" rx="250" ry="36" fill="#000" opacity=".08"/>${product(kind, m, a, 400, 410, 540)}`;
  else if (n === 2) body = `<circle cx="560" cy="260" r="220" fill="${a}" opacity=".12"/><circle cx="210" cy="620" r="120" fill="#fff" opacity=".35"/>${product(kind, m, a, 400, 410, 480, -8)}`;
  else if (n === 3) body = `<circle cx="400" cy="400" r="330" fill="#fff" opacity=".4"/>${product(kind, m, a, 430, 430, 700, 6)}`;
  else body = `${dots(80, 80, 8, 8, 92, 92, m, 0.06)}${product(kind, m, a, 300, 420, 360, -6)}${product(kind, tint(m, 0.2), ACCENTS[(id + 3) % ACCENTS.length] || paletteAccent, 560, 470, 260, 8).replace(/url\(#acc\)/g, tint(a, 0.2))}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800"><defs>${bg}${accDef(a)}</defs><rect width="800" height="800" fill="url(#bg)"/>${body}</svg>`;
}

function text(x: number, y: number, size: number, value: string, fill = '#fff', anchor = 'start', extra = ''): string {
  return `<text x="${x}" y="${y}" font-size="${size}" ${FONT} fill="${fill}" text-anchor="${anchor}" ${extra}>${value}</text>`;
}

/** A wide picture: gradient, soft circles, a latin headline on the left, products on the right. */
function bannerSvg(w: number, h: number, from: string, to: string, kinds: Shape[], m: string, a: string, title?: string, sub?: string, contentWidth = w): string {
  const left = (w - contentWidth) / 2;
  const half = contentWidth * (title ? 0.5 : 0.9);
  const slot = half / kinds.length;
  const size = Math.min(h * 0.85, slot * 1.15);
  const products = kinds
    .map((k, i) => product(k, m, a, left + contentWidth - half + slot * (i + 0.5), h / 2 + (i % 2 ? h * 0.03 : -h * 0.02), size * (i === 1 ? 1 : 0.88), i % 2 ? 5 : -5))
    .join('');
  const room = contentWidth * 0.46;
  const titleSize = title ? Math.round(Math.min(h * 0.19, room / (title.length * 0.68))) : 0;
  const subSize = sub ? Math.round(Math.min(titleSize * 0.4, room / (sub.length * 0.62))) : 0;
  const x = left + Math.max(contentWidth * 0.04, 12);
  const words = title ? text(x, h / 2 + (sub ? -subSize * 0.2 : titleSize * 0.35), titleSize, title) + (sub ? text(x, h / 2 + subSize * 1.6, subSize, sub, '#ffffff', 'start', 'opacity=".9" letter-spacing="1"') : '') : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>${accDef(a)}</defs><rect width="${w}" height="${h}" fill="url(#bg)"/><circle cx="${w * 0.78}" cy="${h * 0.1}" r="${h * 0.7}" fill="#fff" opacity=".08"/><circle cx="${w * 0.12}" cy="${h * 1.05}" r="${h * 0.55}" fill="#fff" opacity=".07"/>${products}${words}</svg>`;
}

type Job = { url: string; svg: string; format: 'jpg' | 'png' | 'webp'; width?: number; height?: number };
const jobs: Job[] = [];
const add = (url: string, svg: string) => jobs.push({ url, svg, format: url.endsWith('.png') ? 'png' : url.endsWith('.webp') ? 'webp' : 'jpg' });

// Goods: originals 800×800 plus _400 and _150 thumbnails.
const leaves = new Map(classRows().filter((c) => c.lev === 2).map((c) => [c.name, c]));
GOODS.forEach((g, index) => {
  const id = index + 1;
  const cls = leaves.get(g.cls)!;
  goodsImages(id, g.imgs ?? 2).forEach((url, i) => add(url, goodsSvg(id, i + 1, cls.shape!, CLASS_PALETTES[cls.top])));
});

// Stores: logos 150×150, shop fronts 400×300, PC slides 1200×400, mobile slides 750×350.
const storeShapes = (storeId: number): Shape[] => {
  const shapes = [...new Set(GOODS.filter((g) => g.store === storeId).map((g) => leaves.get(g.cls)!.shape!))];
  return shapes.length ? shapes : ['backpack', 'camera', 'lamp'];
};
for (const store of [...FIRST_STORES.map((s) => ({ id: s.id, mark: s.mark, colour: s.colour })), ...MORE_STORES]) {
  const c = store.colour;
  add(storeLogo(store.id), `<svg xmlns="http://www.w3.org/2000/svg" width="150" height="150"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${tint(c, 0.25)}"/><stop offset="1" stop-color="${c}"/></linearGradient></defs><rect width="150" height="150" fill="#fff"/><circle cx="75" cy="75" r="66" fill="url(#g)"/><circle cx="75" cy="75" r="56" fill="none" stroke="#fff" stroke-width="3" opacity=".5"/>${text(75, 98, 64, store.mark, '#fff', 'middle')}</svg>`);
  const shapes = storeShapes(store.id);
  add(storeFace(store.id), `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="${tint(c, 0.85)}"/><rect x="60" y="90" width="280" height="190" fill="#fff"/>${Array.from({ length: 7 }, (_, i) => `<path d="M${60 + i * 40} 60 h40 v40 q-20 18 -40 0 Z" fill="${i % 2 ? '#fff' : c}"/>`).join('')}<rect x="170" y="170" width="60" height="110" fill="${tint(c, 0.4)}"/><rect x="80" y="140" width="70" height="70" fill="${tint(c, 0.7)}"/><rect x="250" y="140" width="70" height="70" fill="${tint(c, 0.7)}"/>${text(200, 134, 22, store.mark, c, 'middle')}</svg>`);
  if (MORE_STORES.some((s) => s.id === store.id && s.store_verify !== 4)) continue;
  add(storeSlide(store.id, 1), bannerSvg(1200, 400, tint(c, 0.15), c, shapes.slice(0, 3), '#ffffff', tint(c, 0.5), 'NEW ARRIVALS', 'QUALITY PICKS FOR YOU'));
  add(storeSlide(store.id, 2), bannerSvg(1200, 400, c, tint(c, 0.3), shapes.slice(3, 6).length ? shapes.slice(3, 6) : shapes.slice(0, 2), '#ffffff', tint(c, 0.6), 'BEST SELLERS', 'FREE SHIPPING OVER 99'));
  add(storeMobileSlide(store.id), bannerSvg(750, 350, tint(c, 0.1), c, shapes.slice(0, 2), '#ffffff', tint(c, 0.5), 'HOT DEALS'));
}
add(storeDocs.license, `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="420"><rect width="600" height="420" fill="#fdf6e3"/><rect x="20" y="20" width="560" height="380" fill="none" stroke="#b91c1c" stroke-width="6"/>${text(300, 80, 30, 'BUSINESS LICENSE', '#b91c1c', 'middle')}${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="70" y="${130 + i * 36}" width="${i % 2 ? 300 : 380}" height="12" rx="6" fill="#9ca3af"/>`).join('')}<circle cx="470" cy="330" r="50" fill="none" stroke="#dc2626" stroke-width="5"/></svg>`);
add(storeDocs.idFront, `<svg xmlns="http://www.w3.org/2000/svg" width="428" height="270"><rect width="428" height="270" rx="16" fill="#e0f2fe"/><circle cx="330" cy="130" r="52" fill="#94a3b8"/><rect x="285" y="180" width="90" height="50" rx="24" fill="#94a3b8"/>${[0, 1, 2, 3].map((i) => `<rect x="30" y="${50 + i * 40}" width="${200 - i * 20}" height="12" rx="6" fill="#64748b"/>`).join('')}</svg>`);
add(storeDocs.idBack, `<svg xmlns="http://www.w3.org/2000/svg" width="428" height="270"><rect width="428" height="270" rx="16" fill="#e0f2fe"/><circle cx="70" cy="70" r="36" fill="#dc2626" opacity=".7"/>${text(250, 90, 24, 'ID CARD', '#334155', 'middle')}<rect x="60" y="170" width="310" height="12" rx="6" fill="#64748b"/><rect x="60" y="205" width="240" height="12" rx="6" fill="#64748b"/></svg>`);

// Brands: word marks 100×50 (png).
BRANDS.forEach(([, mark, colour], i) => {
  const size = mark.length > 7 ? 12 : mark.length > 5 ? 14 : 17;
  add(brandLogo(i + 1), `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50"><rect width="100" height="50" fill="#fff"/><rect x="3" y="3" width="94" height="44" rx="8" fill="none" stroke="${colour}" stroke-width="2"/>${text(50, 25 + size * 0.36, size, mark, colour, 'middle', 'letter-spacing="1"')}</svg>`);
});

// Avatars of the extra shoppers.
SHOPPERS.forEach((u, i) => {
  const c = ['#f472b6', '#60a5fa', '#34d399'][i];
  add(avatar(u.id), `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100" fill="${tint(c, 0.6)}"/><circle cx="50" cy="40" r="18" fill="${c}"/><path d="M18 100 Q18 64 50 64 Q82 64 82 100 Z" fill="${c}"/></svg>`);
});

// Adverts.
// A 1920 × 450 home banner is cropped to its middle by object-fit: cover, to about 1,000 px beside
// the class flyout on a desktop and to about 1,000 px of its width on a 390 px phone (374 × 168):
// its headline and products stay inside that middle.
const BANNER_SAFE_WIDTH = 960;
const ADS: Record<AdvImage, [from: string, to: string, kinds: Shape[], title?: string, sub?: string]> = {
  'app-slide-1': ['#fb7185', '#e11d48', ['backpack', 'shoe'], 'WELCOME GIFT', 'NEW MEMBERS ONLY'],
  'app-slide-2': ['#f59e0b', '#ea580c', ['phone', 'headphones'], 'FLASH SALE', 'EVERY DAY 10:00'],
  'app-bottom-1': ['#34d399', '#059669', ['tea', 'cookie'], 'POINTS MALL'],
  'pc-banner-1': ['#38bdf8', '#1d4ed8', ['fridge', 'tv', 'washer'], 'HOME APPLIANCE WEEK', 'UPGRADE YOUR HOME · UP TO 30% OFF'],
  'pc-banner-2': ['#a78bfa', '#4338ca', ['laptop', 'phone', 'headphones'], 'DIGITAL FESTIVAL', 'NEW PHONES · LAPTOPS · AUDIO'],
  'pc-banner-3': ['#fbbf24', '#ea580c', ['sofa', 'lamp', 'backpack'], 'OPEN YOUR STORE', 'JOIN SOUK · ZERO FEE FIRST YEAR'],
  'pc-banner-old': ['#f87171', '#b91c1c', ['cookie', 'tea'], 'SPRING FESTIVAL', 'THE EVENT HAS ENDED'],
  'pc-banner-draft': ['#94a3b8', '#475569', ['bottle'], 'DRAFT'],
  'pc-ad-1': ['#fda4af', '#e11d48', ['lipstick'], 'BEAUTY', 'NEW SHADES'],
  'pc-ad-2': ['#86efac', '#16a34a', ['apple'], 'FRESH', 'FROM THE FARM'],
  'pc-ad-3': ['#93c5fd', '#2563eb', ['headphones'], 'AUDIO', 'NOISE CANCELLING'],
  'pc-ad-4': ['#fcd34d', '#d97706', ['tent'], 'OUTDOOR', 'CAMPING SEASON'],
  'pc-floor-1': ['#c4b5fd', '#6d28d9', ['shoe', 'shirt', 'backpack'], 'SPORTS &amp; FASHION · NEW SEASON'],
  'pc-floor-2': ['#99f6e4', '#0d9488', ['cooker', 'coffee', 'fryer'], 'KITCHEN PICKS · COOK SMARTER'],
};
for (const [name, [from, to, kinds, title, sub]] of Object.entries(ADS) as [AdvImage, (typeof ADS)[AdvImage]][]) {
  const [w, h] = ADV_IMAGES[name];
  add(advImage(name), bannerSvg(w, h, from, to, kinds, '#ffffff', tint(to, 0.55), title, sub, w >= 1920 ? BANNER_SAFE_WIDTH : w));
}

async function render(job: Job, file: string, width?: number) {
  let image = sharp(Buffer.from(job.svg), { density: 72 });
  if (width) image = image.resize(width, width);
  if (job.format === 'png') image = image.png({ compressionLevel: 9, palette: true });
  else if (job.format === 'webp') image = image.webp({ quality: 72, effort: 6 });
  else image = image.flatten({ background: '#ffffff' }).jpeg({ quality: width === 150 ? 70 : 74, mozjpeg: true, chromaSubsampling: '4:2:0' });
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, await image.toBuffer());
}

rmSync(SEED_IMAGES_DIR, { recursive: true, force: true });
for (const job of jobs) {
  const file = seedFile(job.url)!;
  await render(job, file);
  if (job.url.includes('/goods/')) {
    await render(job, seedFile(thumbOf(job.url, 400))!, 400);
    await render(job, seedFile(thumbOf(job.url, 150))!, 150);
  }
}

function sizeOf(dir: string): [number, number] {
  let bytes = 0;
  let files = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const st = statSync(path);
    if (st.isDirectory()) {
      const [b, f] = sizeOf(path);
      bytes += b;
      files += f;
    } else {
      bytes += st.size;
      files++;
    }
  }
  return [bytes, files];
}
for (const name of readdirSync(SEED_IMAGES_DIR)) {
  const [b, f] = sizeOf(join(SEED_IMAGES_DIR, name));
  console.log(`${name.padEnd(8)} ${String(f).padStart(4)} files ${(b / 1024).toFixed(0).padStart(6)} KB`);
}
const [total, count] = sizeOf(SEED_IMAGES_DIR);
console.log(`total    ${String(count).padStart(4)} files ${(total / 1024).toFixed(0).padStart(6)} KB`);
