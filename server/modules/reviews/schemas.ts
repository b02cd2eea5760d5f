import { z } from 'zod';
import { blankAsMissing, formFlag, formInt, formText } from '../../http/crud/fields';

/** Inputs of the reviews endpoints (form-encoded, bracket nesting: `lines[0][score]=5`). */

export const MAX_PHOTOS = 5;
export const MAX_CONTENT = 500;
export const MAX_REPLY = 500;

/** A whole score 1..5; absent or blank = 5 (reference §6.6). */
const star = () => blankAsMissing(formInt({ min: 1, max: 5 })).transform((v) => v ?? 5);

/** A file uploaded to this shop (`/uploads/…` image), never another site's address. */
const photo = z
  .string()
  .trim()
  .max(150)
  .refine((v) => /^\/uploads\/[\w\-./]+\.(jpe?g|png|gif|webp)$/i.test(v) && !v.includes('..'), { params: { messageKey: 'reviews.photo' } });

/** `image[]=a&image[]=b`, or one comma-joined string; blank = none. */
const photos = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? [] : typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : v),
  z.array(photo).max(MAX_PHOTOS),
);

const scores = {
  score: star(),
  agree: star(),
  service: star(),
  speed: star(),
  content: blankAsMissing(formText({ max: MAX_CONTENT })).transform((v) => v ?? ''),
  image: photos,
};

export const lineReviewSchema = z.object({ order_goods_id: formInt({ min: 1 }), ...scores });

/**
 * POST /api/user/comments: `order_id` and `lines[i]` (one review per order line), or, as the
 * reference's clients send, one set of scores at the top level for every line not yet reviewed.
 */
export const addReviewSchema = z.object({
  order_id: formInt({ min: 1 }),
  lines: z.preprocess((v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.values(v) : v), z.array(lineReviewSchema).min(1).max(100)).optional(),
  ...scores,
});

export type AddReviewInput = z.output<typeof addReviewSchema>;
export type LineReview = z.output<typeof lineReviewSchema>;

/** PUT /api/Seller/comments/:id — the store's reply (the one reply; sending again edits it). */
export const replySchema = z.object({ reply: formText({ min: 1, max: MAX_REPLY }) });

/** PUT /api/Admin/comments/:id — hide (0) or show (1) a review. */
export const showSchema = z.object({ is_show: formFlag() });
