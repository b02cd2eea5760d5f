import { fileURLToPath } from 'node:url';

/**
 * The committed demo images (`server/db/seed/images/`, drawn by `scripts/seed-images.ts`),
 * served at `/uploads/seed/…`. The seed only stores these URLs.
 */
export const SEED_IMAGES_DIR = fileURLToPath(new URL('./images/', import.meta.url));
export const SEED_URL = '/uploads/seed';

/** Goods image n (1-based) of goods `id`; thumbnails `_400` and `_150` sit beside it. */
export const goodsImage = (id: number, n: number) => `${SEED_URL}/goods/g${id}-${n}.jpg`;
export const goodsImages = (id: number, count: number) => Array.from({ length: count }, (_, i) => goodsImage(id, i + 1));
export const thumbOf = (url: string, size: 400 | 150) => url.replace(/(\.[a-z0-9]+)$/i, `_${size}$1`);

export const storeLogo = (id: number) => `${SEED_URL}/store/logo-${id}.jpg`;
export const storeFace = (id: number) => `${SEED_URL}/store/face-${id}.jpg`;
export const storeSlide = (id: number, n: number) => `${SEED_URL}/store/slide-${id}-${n}.jpg`;
export const storeMobileSlide = (id: number) => `${SEED_URL}/store/mslide-${id}.jpg`;
/** Shared licence and identity-card specimens of the store applications. */
export const storeDocs = {
  license: `${SEED_URL}/store/license.jpg`,
  idFront: `${SEED_URL}/store/idcard-front.jpg`,
  idBack: `${SEED_URL}/store/idcard-back.jpg`,
};
export const brandLogo = (id: number) => `${SEED_URL}/brand/b${id}.png`;
export const avatar = (userId: number) => `${SEED_URL}/avatar/u${userId}.jpg`;

/** Advert images: [file name, width, height]. */
export const ADV_IMAGES = {
  'app-slide-1': [750, 350],
  'app-slide-2': [750, 350],
  'app-bottom-1': [750, 200],
  'pc-banner-1': [1920, 450],
  'pc-banner-2': [1920, 450],
  'pc-banner-3': [1920, 450],
  'pc-banner-old': [1920, 450],
  'pc-banner-draft': [1920, 450],
  'pc-ad-1': [312, 160],
  'pc-ad-2': [312, 160],
  'pc-ad-3': [312, 160],
  'pc-ad-4': [312, 160],
  'pc-floor-1': [1200, 100],
  'pc-floor-2': [1200, 100],
} as const;
export type AdvImage = keyof typeof ADV_IMAGES;
/** Banners are the home page's largest paint: webp, well under 60 KB. */
export const advImage = (name: AdvImage) => `${SEED_URL}/adv/${name}.${name.startsWith('pc-banner') ? 'webp' : 'jpg'}`;

/** The file behind a seed URL (null for other URLs). */
export function seedFile(url: string): string | null {
  if (!url.startsWith(`${SEED_URL}/`)) return null;
  const rest = url.slice(SEED_URL.length + 1);
  if (rest.split('/').some((part) => part === '..' || part === '')) return null;
  return SEED_IMAGES_DIR + rest;
}
