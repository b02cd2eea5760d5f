#!/usr/bin/env node
// Merges message keys into both locale files at once, keeping keys sorted:
//   node scripts/locale-add.mjs keys.json
// where keys.json is {"shop.cart.title": ["购物车", "Cart"], ...}. An existing key is overwritten.
// Read-modify-write happens in one synchronous step, so several people can run it side by side.
import { readFileSync, writeFileSync } from 'node:fs';

const additions = JSON.parse(readFileSync(process.argv[2], 'utf8'));
for (const [index, name] of ['zh-cn', 'en'].entries()) {
  const path = new URL(`../locales/${name}.json`, import.meta.url);
  const messages = JSON.parse(readFileSync(path, 'utf8'));
  for (const [key, texts] of Object.entries(additions)) {
    if (!Array.isArray(texts) || texts.length !== 2) throw new Error(`${key}: expected [zh, en]`);
    messages[key] = texts[index];
  }
  const sorted = Object.fromEntries(Object.keys(messages).sort().map((key) => [key, messages[key]]));
  writeFileSync(path, `${JSON.stringify(sorted, null, 2)}\n`);
}
console.log(`added ${Object.keys(additions).length} keys to zh-cn.json and en.json`);
