/**
 * `npx tsx scripts/favicon.ts`: public/favicon.ico (16, 32 and 48 px PNGs in one icon file) from
 * public/favicon.svg, for browsers and tools that ask for /favicon.ico whatever the page links.
 * Both files are committed; run this again after changing the SVG.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';

const svg = readFileSync('public/favicon.svg');
const sizes = [16, 32, 48];
const images = await Promise.all(sizes.map((size) => sharp(svg, { density: 72 * (size / 32) * 4 }).resize(size, size).png().toBuffer()));

// ICONDIR (6 bytes), one ICONDIRENTRY (16 bytes) per image, then the PNG data
const header = Buffer.alloc(6 + 16 * images.length);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(images.length, 4);
let offset = header.length;
images.forEach((png, i) => {
  const entry = 6 + 16 * i;
  header.writeUInt8(sizes[i] % 256, entry);
  header.writeUInt8(sizes[i] % 256, entry + 1);
  header.writeUInt8(0, entry + 2);
  header.writeUInt8(0, entry + 3);
  header.writeUInt16LE(1, entry + 4);
  header.writeUInt16LE(32, entry + 6);
  header.writeUInt32LE(png.length, entry + 8);
  header.writeUInt32LE(offset, entry + 12);
  offset += png.length;
});
writeFileSync('public/favicon.ico', Buffer.concat([header, ...images]));
console.log(`public/favicon.ico: ${sizes.join(', ')} px, ${offset} bytes`);
