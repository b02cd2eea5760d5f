import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES, isImage, uploadMachine, type PickedFile, type UploadActorInput, type UploadInput } from '../../machines/upload.machine';
import { createTestActor } from './coverage';
import { flush, manualActor, recordActions } from './fakes';

const png = (name = 'a.png', size = 1024): PickedFile => ({ name, size, type: 'image/png' });

function setupUpload(input: UploadInput = { area: 0, folder: 'avatar', option: { width: 150, height: 150 } }) {
  const log = recordActions(['notifyDone', 'notifyError']);
  const upload = manualActor<string[], UploadActorInput>();
  const actor = createTestActor(uploadMachine.provide({ actions: log.actions, actors: { upload: upload.logic } }), { input });
  actor.start();
  return { actor, log, upload };
}

describe('upload', () => {
  it('uploads valid images with area, folder and option, and keeps the URLs', async () => {
    const { actor, log, upload } = setupUpload();
    const files = [png('a.png'), { name: 'b.jpg', size: UPLOAD_MAX_BYTES, type: 'image/jpeg' }];
    actor.send({ type: 'UPLOAD.PICK', files });
    expect(actor.getSnapshot().value).toBe('uploading');
    expect(upload.last().input).toEqual({ area: 0, folder: 'avatar', option: { width: 150, height: 150 }, files });
    upload.last().resolve(['/uploads/avatar/a.png', '/uploads/avatar/b.jpg']);
    await flush();
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.urls).toEqual(['/uploads/avatar/a.png', '/uploads/avatar/b.jpg']);
    expect(log.calls).toEqual([{ type: 'notifyDone', params: { urls: ['/uploads/avatar/a.png', '/uploads/avatar/b.jpg'] } }]);
  });

  it('refuses more than 10 files, or the configured maximum', () => {
    expect(UPLOAD_MAX_FILES).toBe(10);
    const { actor, log, upload } = setupUpload({ area: 2, folder: 'comment' });
    actor.send({ type: 'UPLOAD.PICK', files: Array.from({ length: 11 }, (_, i) => png(`${i}.png`)) });
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context).toMatchObject({ error: 'tooMany', files: [] });
    expect(log.calls).toEqual([{ type: 'notifyError', params: { error: 'tooMany' } }]);
    expect(upload.calls).toHaveLength(0);

    const single = setupUpload({ area: 2, folder: 'avatar', maxFiles: 1 });
    single.actor.send({ type: 'UPLOAD.PICK', files: [png(), png('b.png')] });
    expect(single.actor.getSnapshot().context.error).toBe('tooMany');
  });

  it('refuses anything that is not an image', () => {
    const { actor, upload } = setupUpload();
    actor.send({ type: 'UPLOAD.PICK', files: [png(), { name: 'x.pdf', size: 10, type: 'application/pdf' }] });
    expect(actor.getSnapshot()).toMatchObject({ value: 'failed', context: { error: 'notImage' } });
    expect(upload.calls).toHaveLength(0);
    expect(isImage({ name: 'x', size: 1, type: '' })).toBe(false);
    expect(isImage({ name: 'x', size: 1, type: 'image/webp' })).toBe(true);
  });

  it('refuses a file over 10,485,760 bytes', () => {
    const { actor, log } = setupUpload();
    actor.send({ type: 'UPLOAD.PICK', files: [png('big.png', UPLOAD_MAX_BYTES + 1)] });
    expect(actor.getSnapshot()).toMatchObject({ value: 'failed', context: { error: 'tooLarge' } });
    expect(log.paramsOf('notifyError')).toEqual([{ error: 'tooLarge' }]);
  });

  it('ignores an empty pick, and a pick while uploading', async () => {
    const { actor, upload } = setupUpload();
    actor.send({ type: 'UPLOAD.PICK', files: [] });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'UPLOAD.PICK', files: [png('first.png')] });
    actor.send({ type: 'UPLOAD.PICK', files: [png('second.png')] });
    expect(upload.calls).toHaveLength(1);
    expect(actor.getSnapshot().context.files).toEqual([png('first.png')]);
  });

  it('keeps the server message when the upload fails, and can pick again after a failure', async () => {
    const { actor, log, upload } = setupUpload();
    actor.send({ type: 'UPLOAD.PICK', files: [png()] });
    upload.last().reject({ code: 422, msg: '文件不是图片' });
    await flush();
    expect(actor.getSnapshot()).toMatchObject({ value: 'failed', context: { error: '文件不是图片' } });
    expect(log.calls).toEqual([{ type: 'notifyError', params: { error: '文件不是图片' } }]);

    actor.send({ type: 'UPLOAD.PICK', files: [png('again.png')] });
    expect(actor.getSnapshot()).toMatchObject({ value: 'uploading', context: { error: null } });
  });

  it('a failure without a message is "uploadFailed"', async () => {
    const { actor, upload } = setupUpload();
    actor.send({ type: 'UPLOAD.PICK', files: [png()] });
    upload.last().reject(undefined);
    await flush();
    expect(actor.getSnapshot().context.error).toBe('uploadFailed');
  });

  it('UPLOAD.RESET goes back to idle and forgets URLs and errors, also mid-upload', async () => {
    const { actor, upload } = setupUpload();
    actor.send({ type: 'UPLOAD.PICK', files: [png()] });
    upload.last().resolve(['/uploads/a.png']);
    await flush();
    actor.send({ type: 'UPLOAD.RESET' });
    expect(actor.getSnapshot()).toMatchObject({ value: 'idle', context: { urls: [], files: [], error: null } });

    actor.send({ type: 'UPLOAD.PICK', files: [png()] });
    const pending = upload.last();
    actor.send({ type: 'UPLOAD.RESET' });
    pending.resolve(['/uploads/late.png']);
    await flush();
    expect(actor.getSnapshot()).toMatchObject({ value: 'idle', context: { urls: [] } });
  });
});
