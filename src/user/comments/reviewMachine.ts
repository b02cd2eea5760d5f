import { fromPromise } from 'xstate';
import { reportingUploader, reviewMachine, type SubmitReviewsInput } from '../../../machines/review.machine';
import type { ReviewOrder } from '../../../machines/review';
import { addReviews, loadReviewOrder } from '../../api/reviews';
import { unwrap } from '../../app/sessionActors';
import { boundUploadMachine } from '../../app/uploadMachine';

/** The review machine bound to the API: the order's lines, the submission, photo uploads (folder `comment`). */
export const boundReviewMachine = reviewMachine.provide({
  actors: {
    loadOrder: fromPromise<ReviewOrder, { orderId: number }>(async ({ input }) => unwrap(await loadReviewOrder(input.orderId))),
    submitReviews: fromPromise<unknown, SubmitReviewsInput>(async ({ input }) => unwrap(await addReviews(input.orderId, input.lines))),
    uploader: reportingUploader(boundUploadMachine),
  },
});
