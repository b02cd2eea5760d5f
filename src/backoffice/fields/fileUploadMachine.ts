import { fromPromise } from 'xstate';
import type { UploadActorInput } from '../../../machines/upload.machine';
import { areaPath, request } from '../../api/client';
import { unwrap } from '../../app/sessionActors';
import { toast } from '../../ui/toast';
import { boundUploadMachine, uploadErrorText } from '../../app/uploadMachine';

/**
 * The upload machine for `file` fields (spec §7 "for files uploadType=uploadFile"): any file
 * type (the size and count limits stay), posted with `uploadType=uploadFile`.
 */
export const fileUploadMachine = boundUploadMachine.provide({
  guards: { notImage: () => false },
  actors: {
    upload: fromPromise<string[], UploadActorInput>(async ({ input }) => {
      const urls: string[] = [];
      for (const picked of input.files) {
        const file = picked as unknown as Blob & { name: string };
        const form = new FormData();
        form.append('file', file, file.name ?? 'upload');
        form.append('name', input.folder);
        form.append('option', JSON.stringify(input.option ?? {}));
        form.append('uploadType', 'uploadFile');
        urls.push(unwrap(await request<string>(input.area, 'POST', areaPath(input.area, 'uploads'), form, { quiet: true })));
      }
      return urls;
    }),
  },
  actions: {
    notifyError: (_, { error }) => toast.error(uploadErrorText(error)),
  },
});
