import { fromPromise } from 'xstate';
import { NOT_IMAGE, TOO_LARGE, TOO_MANY, uploadMachine, type UploadActorInput } from '../../machines/upload.machine';
import { uploadFile } from '../api/uploads';
import { t } from './i18n';
import { unwrap } from './sessionActors';
import { toast } from '../ui/toast';

export function uploadErrorText(error: string): string {
  if (error === NOT_IMAGE) return t('upload.notImage');
  if (error === TOO_LARGE) return t('upload.tooLarge');
  if (error === TOO_MANY) return t('upload.tooMany');
  if (error === 'uploadFailed' || !error) return t('upload.failed');
  return error;
}

/** The upload machine bound to POST {prefix}uploads; failures toast (spec §8 "avatar upload code not 200"). */
export const boundUploadMachine = uploadMachine.provide({
  actors: {
    upload: fromPromise<string[], UploadActorInput>(async ({ input }) => {
      const urls: string[] = [];
      for (const file of input.files) {
        const result = await uploadFile(input.area, file as unknown as Blob & { name: string }, { name: input.folder, ...(input.option ?? {}) }, { quiet: true });
        urls.push(unwrap(result));
      }
      return urls;
    }),
  },
  actions: {
    notifyError: (_, { error }) => toast.error(uploadErrorText(error)),
  },
});
