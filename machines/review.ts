/**
 * Pure pieces of the review form (/user/comment/add/:id, review.machine.ts): the order's lines as
 * the server answers them (GET /api/user/comments/order/:id), one draft per line not reviewed
 * yet, the form's checks and the mapping of a server refusal onto a line's field.
 */
export const REVIEW_MAX_PHOTOS = 5;
export const REVIEW_MAX_CONTENT = 500;
export const SCORE_FIELDS = ['score', 'agree', 'service', 'speed'] as const;
export type ScoreField = (typeof SCORE_FIELDS)[number];

export interface ExistingReview {
  id: number;
  score: number;
  agree: number;
  service: number;
  speed: number;
  content: string;
  image: string[];
  reply: string;
  is_show: number;
}

export interface ReviewLine {
  id: number;
  goods_id: number;
  goods_name: string;
  goods_image: string;
  sku_name: string;
  buy_num: number;
  /** The line's review when it has one (it cannot be reviewed again). */
  comment: ExistingReview | null;
}

export interface ReviewOrder {
  id: number;
  order_no: string;
  order_status: number;
  order_status_cn?: string;
  lines: ReviewLine[];
}

export interface ReviewDraft {
  score: number;
  agree: number;
  service: number;
  speed: number;
  content: string;
  image: string[];
}

/** What POST /api/user/comments receives for one line. */
export interface LineSubmission extends ReviewDraft {
  order_goods_id: number;
}

export const RECEIVED = 4;

export const emptyDraft = (): ReviewDraft => ({ score: 5, agree: 5, service: 5, speed: 5, content: '', image: [] });

/** Lines that can still be reviewed (the order must be received). */
export const openLines = (order: ReviewOrder) => (order.order_status === RECEIVED ? order.lines.filter((line) => !line.comment) : []);

/** `<lineId>.<field>` → problem: 'contentTooLong' | 'score' | 'tooManyPhotos' | a server message. */
export type ReviewErrors = Record<string, string>;

const wholeScore = (n: number) => Number.isInteger(n) && n >= 1 && n <= 5;

/** The form's own checks before anything is sent. */
export function validateDrafts(drafts: Record<number, ReviewDraft>): ReviewErrors {
  const errors: ReviewErrors = {};
  for (const [lineId, draft] of Object.entries(drafts)) {
    for (const field of SCORE_FIELDS) if (!wholeScore(draft[field])) errors[`${lineId}.${field}`] = 'score';
    if ([...draft.content.trim()].length > REVIEW_MAX_CONTENT) errors[`${lineId}.content`] = 'contentTooLong';
    if (draft.image.length > REVIEW_MAX_PHOTOS) errors[`${lineId}.image`] = 'tooManyPhotos';
  }
  return errors;
}

export const hasErrors = (errors: ReviewErrors) => Object.keys(errors).length > 0;

/** The submission of the drafts, in line order (index i of `lines[i]` is the i-th open line). */
export function submissionOf(lineIds: number[], drafts: Record<number, ReviewDraft>): LineSubmission[] {
  return lineIds.filter((id) => drafts[id]).map((id) => ({ order_goods_id: id, ...drafts[id], content: drafts[id].content.trim() }));
}

/**
 * A refusal that names a line's field (`data.field` = `lines.<i>.<field>[.<n>]`) as the form's
 * error key `<lineId>.<field>` with the server's message; {} for any other refusal.
 */
export function serverReviewErrors(error: unknown, lineIds: number[]): ReviewErrors {
  const data = error && typeof error === 'object' ? (error as { data?: unknown }).data : undefined;
  const field = data && typeof data === 'object' ? (data as { field?: unknown }).field : undefined;
  if (typeof field !== 'string') return {};
  const match = /^lines\.(\d+)\.(\w+)/.exec(field);
  if (!match) return {};
  const lineId = lineIds[Number(match[1])];
  if (lineId === undefined) return {};
  const msg = error && typeof error === 'object' ? (error as { msg?: unknown }).msg : undefined;
  return { [`${lineId}.${match[2]}`]: typeof msg === 'string' && msg ? msg : 'refused' };
}
