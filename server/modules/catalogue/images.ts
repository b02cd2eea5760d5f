/**
 * Goods image thumbnails (docs/catalogue-api.md "Images"): an uploaded image `/uploads/goods/D/x.jpg`
 * has its thumbnails beside it, `/uploads/goods/D/x_400.jpg` and `/uploads/goods/D/x_150.jpg`.
 */
export type ThumbSize = 150 | 400;

const LOCAL_IMAGE = /^(\/[^?#\s]*?)(\.[A-Za-z0-9]{1,5})$/;

/**
 * The thumbnail address of an image: `_<size>` before the extension of a site path
 * (`/x/y.jpg` → `/x/y_400.jpg`). External http(s) addresses, blanks and paths without an
 * extension are returned unchanged (no thumbnail is known for them).
 */
export function thumbUrl(url: string, size: number): string {
  if (!url || /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) return url;
  const match = LOCAL_IMAGE.exec(url);
  return match ? `${match[1]}_${size}${match[2]}` : url;
}

/** A comma-joined image list (`goods.goods_images`) as an array, blanks dropped. */
export function imageList(joined: string): string[] {
  return joined
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
}
