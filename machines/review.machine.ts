/**
 * Reviewing a received order (/user/comment/add/:id, reference §6.6, screens §3.24): load the
 * order's lines, then per line not yet reviewed the four scores (1–5, default 5), a text and up
 * to REVIEW_MAX_PHOTOS photos, each line's photos through its own `upload` machine (spawned as
 * `photos-<lineId>`, which reports back with REVIEW.UPLOADED / REVIEW.UPLOAD_FAILED). SUBMIT
 * checks the drafts (mistakes stay in `editing`), waits for no upload, and sends once: further
 * SUBMITs while sending are ignored and `submitted` is final. A refusal naming a line's field
 * marks it; any other failure is the form's `error`, and the person may submit again.
 */
import { assign, fromPromise, sendParent, sendTo, setup, type ActorRefFrom } from 'xstate';
import { errorMessage } from './errors';
import {
  REVIEW_MAX_PHOTOS,
  emptyDraft,
  hasErrors,
  openLines,
  serverReviewErrors,
  submissionOf,
  validateDrafts,
  type LineSubmission,
  type ReviewDraft,
  type ReviewErrors,
  type ReviewOrder,
  type ScoreField,
} from './review';
import { uploadMachine, type PickedFile } from './upload.machine';

export interface ReviewInput {
  orderId: number;
}

/** An upload machine that tells its parent (the review machine) what it uploaded or why it failed. */
export function reportingUploader(logic: typeof uploadMachine) {
  return logic.provide({
    actions: {
      notifyDone: sendParent(({ self }, params: { urls: string[] }) => ({ type: 'REVIEW.UPLOADED', uploader: self.id, urls: params.urls })),
      notifyError: sendParent(({ self }, params: { error: string }) => ({ type: 'REVIEW.UPLOAD_FAILED', uploader: self.id, error: params.error })),
    },
  });
}

const defaultUploader = reportingUploader(uploadMachine);
type Uploader = ActorRefFrom<typeof defaultUploader>;

export interface ReviewContext {
  orderId: number;
  order: ReviewOrder | null;
  /** Ids of the lines being reviewed, in order (`lines[i]` of the submission). */
  lineIds: number[];
  drafts: Record<number, ReviewDraft>;
  uploaders: Record<number, Uploader>;
  /** Lines whose photos are uploading. */
  uploading: number[];
  /** `<lineId>.<field>` → problem (review.ts). */
  errors: ReviewErrors;
  /** 'loadFailed' | 'photosUploading' | 'submitFailed' | a server message. */
  error: string | null;
}

export type ReviewEvent =
  | { type: 'REVIEW.RETRY' }
  | { type: 'REVIEW.SCORE'; lineId: number; field: ScoreField; value: number }
  | { type: 'REVIEW.TEXT'; lineId: number; content: string }
  | { type: 'REVIEW.PICK'; lineId: number; files: PickedFile[] }
  | { type: 'REVIEW.REMOVE_PHOTO'; lineId: number; index: number }
  | { type: 'REVIEW.UPLOADED'; uploader: string; urls: string[] }
  | { type: 'REVIEW.UPLOAD_FAILED'; uploader: string; error: string }
  | { type: 'REVIEW.SUBMIT' };

export interface SubmitReviewsInput {
  orderId: number;
  lines: LineSubmission[];
}

export const LOAD_FAILED = 'loadFailed';
export const PHOTOS_UPLOADING = 'photosUploading';
export const SUBMIT_FAILED = 'submitFailed';
export const TOO_MANY_PHOTOS = 'tooManyPhotos';

const uploaderId = (lineId: number) => `photos-${lineId}`;
const lineOf = (uploader: string) => Number(uploader.replace(/^photos-/, ''));
const withoutKey = (errors: ReviewErrors, key: string) => Object.fromEntries(Object.entries(errors).filter(([k]) => k !== key));
const editsLine = (context: ReviewContext, lineId: number) => Boolean(context.drafts[lineId]);

export const reviewMachine = setup({
  types: {
    input: {} as ReviewInput,
    context: {} as ReviewContext,
    events: {} as ReviewEvent,
  },
  actors: {
    loadOrder: fromPromise<ReviewOrder, { orderId: number }>(() => Promise.reject(new Error('review: actor "loadOrder" is not provided'))),
    submitReviews: fromPromise<unknown, SubmitReviewsInput>(() => Promise.reject(new Error('review: actor "submitReviews" is not provided'))),
    uploader: defaultUploader,
  },
  actions: {
    notifySubmitted: (_, _params: { orderId: number }) => {},
  },
  guards: {
    nothingToReview: (_, params: { order: ReviewOrder }) => openLines(params.order).length === 0,
    unknownLine: ({ context, event }) => 'lineId' in event && !editsLine(context, event.lineId),
    tooManyPhotos: ({ context, event }) => event.type === 'REVIEW.PICK' && context.drafts[event.lineId].image.length + event.files.length > REVIEW_MAX_PHOTOS,
    invalid: ({ context }) => hasErrors(validateDrafts(context.drafts)),
    uploading: ({ context }) => context.uploading.length > 0,
    fieldRefused: ({ context }, params: { error: unknown }) => hasErrors(serverReviewErrors(params.error, context.lineIds)),
  },
}).createMachine({
  id: 'review',
  context: ({ input }) => ({ orderId: input.orderId, order: null, lineIds: [], drafts: {}, uploaders: {}, uploading: [], errors: {}, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadOrder',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: [
          { guard: { type: 'nothingToReview', params: ({ event }) => ({ order: event.output }) }, target: 'closed', actions: assign({ order: ({ event }) => event.output }) },
          {
            target: 'editing',
            actions: assign(({ event, spawn }) => {
              const ids = openLines(event.output).map((line) => line.id);
              return {
                order: event.output,
                lineIds: ids,
                drafts: Object.fromEntries(ids.map((id) => [id, emptyDraft()])),
                uploaders: Object.fromEntries(
                  ids.map((id) => [id, spawn('uploader', { id: uploaderId(id), input: { area: 2, folder: 'comment', maxFiles: REVIEW_MAX_PHOTOS, option: { width: 1200, height: 1200 } } })]),
                ),
                error: null,
              };
            }),
          },
        ],
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => errorMessage(event.error) || LOAD_FAILED }) },
      },
    },
    loadFailed: {
      on: { 'REVIEW.RETRY': { target: 'loading', actions: assign({ error: null }) } },
    },
    /** Nothing left to review: the order is not received, or every line has its review. */
    closed: { type: 'final' },
    editing: {
      on: {
        'REVIEW.SCORE': [
          { guard: 'unknownLine' },
          {
            actions: assign(({ context, event }) => ({
              drafts: { ...context.drafts, [event.lineId]: { ...context.drafts[event.lineId], [event.field]: event.value } },
              errors: withoutKey(context.errors, `${event.lineId}.${event.field}`),
            })),
          },
        ],
        'REVIEW.TEXT': [
          { guard: 'unknownLine' },
          {
            actions: assign(({ context, event }) => ({
              drafts: { ...context.drafts, [event.lineId]: { ...context.drafts[event.lineId], content: event.content } },
              errors: withoutKey(context.errors, `${event.lineId}.content`),
            })),
          },
        ],
        'REVIEW.PICK': [
          { guard: 'unknownLine' },
          { guard: 'tooManyPhotos', actions: assign(({ context, event }) => ({ errors: { ...context.errors, [`${event.lineId}.image`]: TOO_MANY_PHOTOS } })) },
          {
            actions: [
              assign(({ context, event }) => ({ uploading: [...context.uploading, event.lineId], errors: withoutKey(context.errors, `${event.lineId}.image`) })),
              sendTo(({ context, event }) => context.uploaders[event.lineId], ({ event }) => ({ type: 'UPLOAD.PICK' as const, files: event.files })),
            ],
          },
        ],
        'REVIEW.REMOVE_PHOTO': [
          { guard: 'unknownLine' },
          {
            actions: assign(({ context, event }) => ({
              drafts: { ...context.drafts, [event.lineId]: { ...context.drafts[event.lineId], image: context.drafts[event.lineId].image.filter((_, i) => i !== event.index) } },
              errors: withoutKey(context.errors, `${event.lineId}.image`),
            })),
          },
        ],
        'REVIEW.SUBMIT': [
          { guard: 'invalid', actions: assign(({ context }) => ({ errors: validateDrafts(context.drafts), error: null })) },
          { guard: 'uploading', actions: assign({ error: PHOTOS_UPLOADING }) },
          { target: 'submitting', actions: assign({ errors: {}, error: null }) },
        ],
      },
    },
    submitting: {
      invoke: {
        src: 'submitReviews',
        input: ({ context }) => ({ orderId: context.orderId, lines: submissionOf(context.lineIds, context.drafts) }),
        onDone: { target: 'submitted' },
        onError: [
          {
            guard: { type: 'fieldRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: assign({ errors: ({ context, event }) => serverReviewErrors(event.error, context.lineIds) }),
          },
          { target: 'editing', actions: assign({ error: ({ event }) => errorMessage(event.error) || SUBMIT_FAILED }) },
        ],
      },
    },
    submitted: { type: 'final', entry: { type: 'notifySubmitted', params: ({ context }) => ({ orderId: context.orderId }) } },
  },
  // uploads report in any state (a photo may finish while the form is being sent)
  on: {
    'REVIEW.UPLOADED': {
      actions: assign(({ context, event }) => {
        const lineId = lineOf(event.uploader);
        const draft = context.drafts[lineId];
        return {
          uploading: context.uploading.filter((id) => id !== lineId),
          drafts: draft ? { ...context.drafts, [lineId]: { ...draft, image: [...draft.image, ...event.urls].slice(0, REVIEW_MAX_PHOTOS) } } : context.drafts,
        };
      }),
    },
    'REVIEW.UPLOAD_FAILED': {
      actions: assign(({ context, event }) => {
        const lineId = lineOf(event.uploader);
        return { uploading: context.uploading.filter((id) => id !== lineId), errors: { ...context.errors, [`${lineId}.image`]: event.error } };
      }),
    },
  },
});
