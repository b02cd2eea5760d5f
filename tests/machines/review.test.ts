import { describe, expect, it } from 'vitest';
import { reportingUploader, reviewMachine, LOAD_FAILED, PHOTOS_UPLOADING, SUBMIT_FAILED, TOO_MANY_PHOTOS, type SubmitReviewsInput } from '../../machines/review.machine';
import { REVIEW_MAX_CONTENT, emptyDraft, openLines, serverReviewErrors, submissionOf, validateDrafts, type ReviewLine, type ReviewOrder } from '../../machines/review';
import { uploadMachine, type PickedFile, type UploadActorInput } from '../../machines/upload.machine';
import { createTestActor } from './coverage';
import { flush, manualActor, recordActions } from './fakes';

const line = (id: number, comment: ReviewLine['comment'] = null): ReviewLine => ({ id, goods_id: id * 10, goods_name: `商品${id}`, goods_image: '', sku_name: '', buy_num: 1, comment });
const order = (lines: ReviewLine[], status = 4): ReviewOrder => ({ id: 7, order_no: 'N7', order_status: status, lines });
const reviewed = { id: 99, score: 5, agree: 5, service: 5, speed: 5, content: '好', image: [], reply: '', is_show: 1 };
const png = (name = 'a.png'): PickedFile => ({ name, size: 100, type: 'image/png' });

function setup() {
  const log = recordActions(['notifySubmitted']);
  const load = manualActor<ReviewOrder, { orderId: number }>();
  const submit = manualActor<unknown, SubmitReviewsInput>();
  const upload = manualActor<string[], UploadActorInput>();
  const machine = reviewMachine.provide({
    actions: log.actions,
    actors: { loadOrder: load.logic, submitReviews: submit.logic, uploader: reportingUploader(uploadMachine.provide({ actors: { upload: upload.logic } })) },
  });
  const actor = createTestActor(machine, { input: { orderId: 7 } });
  actor.start();
  return { actor, log, load, submit, upload };
}

async function editing(lines = [line(1), line(2)]) {
  const t = setup();
  t.load.last().resolve(order(lines));
  await flush();
  return t;
}

describe('review', () => {
  it('loads the order and drafts every line not yet reviewed with 5 stars', async () => {
    const { actor, load } = setup();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(load.last().input).toEqual({ orderId: 7 });
    load.last().resolve(order([line(1), line(2, reviewed), line(3)]));
    await flush();
    const snap = actor.getSnapshot();
    expect(snap.value).toBe('editing');
    expect(snap.context.lineIds).toEqual([1, 3]);
    expect(snap.context.drafts).toEqual({ 1: emptyDraft(), 3: emptyDraft() });
    expect(Object.keys(snap.children).sort()).toEqual(['photos-1', 'photos-3']);
  });

  it('is closed when nothing is left to review: every line reviewed, or the order not received', async () => {
    const a = setup();
    a.load.last().resolve(order([line(1, reviewed)]));
    await flush();
    expect(a.actor.getSnapshot().value).toBe('closed');
    expect(a.actor.getSnapshot().context.order?.lines).toHaveLength(1);
    const b = setup();
    b.load.last().resolve(order([line(1)], 3));
    await flush();
    expect(b.actor.getSnapshot().status).toBe('done');
  });

  it('a failed load can be retried', async () => {
    const { actor, load } = setup();
    load.last().reject({ msg: '订单不存在' });
    await flush();
    expect(actor.getSnapshot()).toMatchObject({ value: 'loadFailed', context: { error: '订单不存在' } });
    actor.send({ type: 'REVIEW.RETRY' });
    expect(actor.getSnapshot()).toMatchObject({ value: 'loading', context: { error: null } });
    load.last().reject(new Error(''));
    await flush();
    expect(actor.getSnapshot().context.error).toBe(LOAD_FAILED);
  });

  it('keeps scores and text per line, and ignores lines it does not edit', async () => {
    const { actor } = await editing([line(1), line(2, reviewed)]);
    actor.send({ type: 'REVIEW.SCORE', lineId: 1, field: 'service', value: 3 });
    actor.send({ type: 'REVIEW.TEXT', lineId: 1, content: '  很好  ' });
    actor.send({ type: 'REVIEW.SCORE', lineId: 2, field: 'score', value: 1 });
    actor.send({ type: 'REVIEW.TEXT', lineId: 2, content: 'x' });
    actor.send({ type: 'REVIEW.PICK', lineId: 2, files: [png()] });
    actor.send({ type: 'REVIEW.REMOVE_PHOTO', lineId: 2, index: 0 });
    const { drafts, uploading } = actor.getSnapshot().context;
    expect(drafts).toEqual({ 1: { ...emptyDraft(), service: 3, content: '  很好  ' } });
    expect(uploading).toEqual([]);
  });

  it('uploads photos through the line\'s upload machine, removes one, refuses more than 5', async () => {
    const { actor, upload } = await editing();
    actor.send({ type: 'REVIEW.PICK', lineId: 1, files: [png('a.png'), png('b.png')] });
    expect(actor.getSnapshot().context.uploading).toEqual([1]);
    expect(upload.last().input).toMatchObject({ area: 2, folder: 'comment' });
    upload.last().resolve(['/uploads/comment/a.png', '/uploads/comment/b.png']);
    await flush();
    expect(actor.getSnapshot().context.drafts[1].image).toEqual(['/uploads/comment/a.png', '/uploads/comment/b.png']);
    expect(actor.getSnapshot().context.uploading).toEqual([]);
    actor.send({ type: 'REVIEW.REMOVE_PHOTO', lineId: 1, index: 0 });
    expect(actor.getSnapshot().context.drafts[1].image).toEqual(['/uploads/comment/b.png']);
    actor.send({ type: 'REVIEW.PICK', lineId: 1, files: Array.from({ length: 5 }, (_, i) => png(`${i}.png`)) });
    expect(actor.getSnapshot().context.errors).toEqual({ '1.image': TOO_MANY_PHOTOS });
    expect(upload.calls).toHaveLength(1);
  });

  it('shows an upload failure under the line (a file that is no image, or a server refusal)', async () => {
    const { actor, upload } = await editing();
    actor.send({ type: 'REVIEW.PICK', lineId: 2, files: [{ name: 'x.pdf', size: 10, type: 'application/pdf' }] });
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ uploading: [], errors: { '2.image': 'notImage' } });
    actor.send({ type: 'REVIEW.PICK', lineId: 2, files: [png()] });
    expect(actor.getSnapshot().context.errors).toEqual({});
    upload.last().reject({ msg: '磁盘已满' });
    await flush();
    expect(actor.getSnapshot().context.errors).toEqual({ '2.image': '磁盘已满' });
  });

  it('does not send while a mistake is on the form, or while photos are uploading', async () => {
    const { actor, submit, upload } = await editing();
    actor.send({ type: 'REVIEW.TEXT', lineId: 1, content: 'x'.repeat(REVIEW_MAX_CONTENT + 1) });
    actor.send({ type: 'REVIEW.SCORE', lineId: 2, field: 'speed', value: 0 });
    actor.send({ type: 'REVIEW.SUBMIT' });
    expect(actor.getSnapshot()).toMatchObject({ value: 'editing', context: { errors: { '1.content': 'contentTooLong', '2.speed': 'score' } } });
    actor.send({ type: 'REVIEW.TEXT', lineId: 1, content: '好' });
    actor.send({ type: 'REVIEW.SCORE', lineId: 2, field: 'speed', value: 4 });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'REVIEW.PICK', lineId: 1, files: [png()] });
    actor.send({ type: 'REVIEW.SUBMIT' });
    expect(actor.getSnapshot()).toMatchObject({ value: 'editing', context: { error: PHOTOS_UPLOADING } });
    expect(submit.calls).toHaveLength(0);
    upload.last().resolve(['/uploads/comment/p.png']);
    await flush();
    actor.send({ type: 'REVIEW.SUBMIT' });
    expect(actor.getSnapshot().value).toBe('submitting');
  });

  it('submits once: every line in order, trimmed; a second SUBMIT while sending is ignored; submitted is final', async () => {
    const { actor, submit, log } = await editing();
    actor.send({ type: 'REVIEW.TEXT', lineId: 2, content: ' 不错 ' });
    actor.send({ type: 'REVIEW.SUBMIT' });
    actor.send({ type: 'REVIEW.SUBMIT' });
    expect(submit.calls).toHaveLength(1);
    expect(submit.last().input).toEqual({
      orderId: 7,
      lines: [
        { order_goods_id: 1, ...emptyDraft() },
        { order_goods_id: 2, ...emptyDraft(), content: '不错' },
      ],
    });
    submit.last().resolve({ order_status: 6 });
    await flush();
    expect(actor.getSnapshot().value).toBe('submitted');
    expect(actor.getSnapshot().status).toBe('done');
    expect(log.calls).toEqual([{ type: 'notifySubmitted', params: { orderId: 7 } }]);
  });

  it('a refusal naming a line field marks it; any other failure is the form error; then it can submit again', async () => {
    const { actor, submit } = await editing();
    actor.send({ type: 'REVIEW.SUBMIT' });
    submit.last().reject({ code: 409, msg: '该商品已经评论过了', data: { field: 'lines.1.order_goods_id' } });
    await flush();
    expect(actor.getSnapshot()).toMatchObject({ value: 'editing', context: { errors: { '2.order_goods_id': '该商品已经评论过了' } } });
    actor.send({ type: 'REVIEW.SUBMIT' });
    submit.last().reject({ code: 422, msg: '订单当前状态为「订单完成」', data: { field: 'order_status' } });
    await flush();
    expect(actor.getSnapshot()).toMatchObject({ value: 'editing', context: { error: '订单当前状态为「订单完成」', errors: {} } });
    actor.send({ type: 'REVIEW.SUBMIT' });
    submit.last().reject(new Error(''));
    await flush();
    expect(actor.getSnapshot().context.error).toBe(SUBMIT_FAILED);
  });
});

describe('review helpers', () => {
  it('openLines, validateDrafts, submissionOf, serverReviewErrors', () => {
    expect(openLines(order([line(1), line(2, reviewed)])).map((l) => l.id)).toEqual([1]);
    expect(openLines(order([line(1)], 6))).toEqual([]);
    expect(validateDrafts({ 1: { ...emptyDraft(), score: 2.5, image: Array(6).fill('/uploads/a.png') } })).toEqual({ '1.score': 'score', '1.image': 'tooManyPhotos' });
    expect(submissionOf([3, 1, 9], { 1: emptyDraft(), 3: { ...emptyDraft(), content: ' a ' } }).map((l) => [l.order_goods_id, l.content])).toEqual([
      [3, 'a'],
      [1, ''],
    ]);
    expect(serverReviewErrors({ msg: 'bad', data: { field: 'lines.0.image.2' } }, [5])).toEqual({ '5.image': 'bad' });
    expect(serverReviewErrors({ data: { field: 'lines.3.score' } }, [5])).toEqual({});
    expect(serverReviewErrors({ data: { field: 'lines.0.score' } }, [5])).toEqual({ '5.score': 'refused' });
    expect(serverReviewErrors('nope', [5])).toEqual({});
  });
});
