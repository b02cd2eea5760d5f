/**
 * Image upload (spec §5, §7, §9): check the picked files (images only, ≤ 10,485,760 bytes each,
 * at most 10), upload them, keep the URLs or the reason it failed.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { AreaIndex } from './areas';
import { errorMessage } from './errors';

/** What the machine reads of a picked file; a DOM `File` satisfies it. */
export interface PickedFile { name: string; size: number; type: string }

export interface UploadOption { width?: number; height?: number; thumb?: [number, number][] }

export interface UploadInput {
  area: AreaIndex;
  /** Upload folder sent as `name` (avatar, goods, adv…). */
  folder: string;
  option?: UploadOption;
  maxFiles?: number;
}

export interface UploadContext {
  area: AreaIndex;
  folder: string;
  option: UploadOption | null;
  maxFiles: number;
  files: PickedFile[];
  urls: string[];
  /** 'notImage' | 'tooLarge' | 'tooMany' | 'uploadFailed' | a server message. */
  error: string | null;
}

export type UploadEvent =
  | { type: 'UPLOAD.PICK'; files: PickedFile[] }
  | { type: 'UPLOAD.RESET' };

export interface UploadActorInput {
  area: AreaIndex;
  folder: string;
  option: UploadOption | null;
  /** The picked objects as given in UPLOAD.PICK (DOM Files in the SPA). */
  files: PickedFile[];
}

export interface UploadActionParams {
  notifyDone: { urls: string[] };
  notifyError: { error: string };
}

export const UPLOAD_MAX_BYTES = 10_485_760;
export const UPLOAD_MAX_FILES = 10;
export const NOT_IMAGE = 'notImage';
export const TOO_LARGE = 'tooLarge';
export const TOO_MANY = 'tooMany';
/** A failed upload whose rejection carried no message. */
export const UPLOAD_FAILED = 'uploadFailed';

export const isImage = (file: PickedFile) => /^image\//i.test(file.type ?? '');

const pickFiles = (event: UploadEvent) => (event.type === 'UPLOAD.PICK' ? event.files ?? [] : []);

export const uploadMachine = setup({
  types: {
    input: {} as UploadInput,
    context: {} as UploadContext,
    events: {} as UploadEvent,
  },
  actors: {
    upload: fromPromise<string[], UploadActorInput>(() =>
      Promise.reject(new Error('upload: actor "upload" is not provided')),
    ),
  },
  actions: {
    notifyDone: (_, _params: UploadActionParams['notifyDone']) => {},
    notifyError: (_, _params: UploadActionParams['notifyError']) => {},
  },
  guards: {
    noFiles: ({ event }) => pickFiles(event).length === 0,
    tooMany: ({ context, event }) => pickFiles(event).length > context.maxFiles,
    notImage: ({ event }) => pickFiles(event).some((file) => !isImage(file)),
    tooLarge: ({ event }) => pickFiles(event).some((file) => file.size > UPLOAD_MAX_BYTES),
  },
}).createMachine({
  id: 'upload',
  context: ({ input }) => ({
    area: input.area,
    folder: input.folder,
    option: input.option ?? null,
    maxFiles: input.maxFiles ?? UPLOAD_MAX_FILES,
    files: [],
    urls: [],
    error: null,
  }),
  initial: 'idle',
  on: {
    'UPLOAD.PICK': [
      { guard: 'noFiles' },
      { guard: 'tooMany', target: '.failed', actions: assign({ files: [], error: TOO_MANY }) },
      { guard: 'notImage', target: '.failed', actions: assign({ files: [], error: NOT_IMAGE }) },
      { guard: 'tooLarge', target: '.failed', actions: assign({ files: [], error: TOO_LARGE }) },
      { target: '.uploading', actions: assign({ files: ({ event }) => event.files, error: null }) },
    ],
    'UPLOAD.RESET': { target: '.idle', actions: assign({ files: [], urls: [], error: null }) },
  },
  states: {
    idle: {},
    uploading: {
      on: {
        // A second pick while one upload runs is ignored.
        'UPLOAD.PICK': {},
      },
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ context }) => ({ area: context.area, folder: context.folder, option: context.option, files: context.files }),
        onDone: { target: 'done', actions: assign({ urls: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) || UPLOAD_FAILED }) },
      },
    },
    done: { entry: { type: 'notifyDone', params: ({ context }) => ({ urls: context.urls }) } },
    failed: { entry: { type: 'notifyError', params: ({ context }) => ({ error: context.error ?? '' }) } },
  },
});
