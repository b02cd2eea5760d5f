import { UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES, isImage } from '../../../../../machines/upload.machine';
import type { ApiResult } from '../../../../api/client';
import { call, rowsOf } from '../../Admin/shared/pageApi';

/**
 * The store's image space (screens §4.6, bugs of §6.4 #44/#45 fixed): folders with the fixed
 * temporary folder 0, the images of one folder page by page, uploads into the selected folder
 * (`dir_id` recorded by the server), deletes after a confirmation.
 */
export interface Folder {
  id: number;
  name: string;
}

export interface SpaceImage {
  id: number;
  name: string;
  url: string;
  info?: string;
  created_at?: string;
}

export interface ImagePage {
  rows: SpaceImage[];
  total: number;
}

export const TEMP_FOLDER_ID = 0;
export const FOLDER_NAME_MAX = 30;
export const IMAGES_PER_PAGE = 30;

export async function loadFolders(): Promise<Folder[]> {
  const result = await call(1, 'GET', 'file_space_dirs', { isAll: 1 });
  return result.kind === 'ok' ? rowsOf<Folder>(result.data) : [];
}

export async function loadImages(dirId: number, page: number, perPage: number): Promise<ImagePage> {
  const result = await call<{ data?: SpaceImage[]; total?: number }>(1, 'GET', 'file_spaces', { dir_id: dirId, page, per_page: perPage });
  if (result.kind !== 'ok') return { rows: [], total: 0 };
  const rows = rowsOf<SpaceImage>(result.data);
  const total = Number((result.data as { total?: unknown } | null)?.total ?? rows.length);
  return { rows, total: Number.isFinite(total) ? total : rows.length };
}

export const saveFolder = (id: number | null, name: string) =>
  call(1, id === null ? 'POST' : 'PUT', id === null ? 'file_space_dirs' : `file_space_dirs/${id}`, { name: name.trim() });

export const deleteFolder = (id: number) => call(1, 'DELETE', `file_space_dirs/${id}`);
export const deleteImage = (id: number) => call(1, 'DELETE', `file_spaces/${id}`);

/** Why a pick is refused before any upload, or null. */
export function pickProblem(files: readonly { name: string; size: number; type: string }[]): 'notImage' | 'tooLarge' | 'tooMany' | null {
  if (files.length > UPLOAD_MAX_FILES) return 'tooMany';
  if (files.some((file) => !isImage(file))) return 'notImage';
  if (files.some((file) => file.size > UPLOAD_MAX_BYTES)) return 'tooLarge';
  return null;
}

/** One image into a folder: POST /Seller/uploads with `name=spaces` and `dir_id`. */
export function uploadInto(dirId: number, file: File): Promise<ApiResult<string>> {
  const form = new FormData();
  form.append('file', file, file.name || 'image');
  form.append('name', 'spaces');
  form.append('option', JSON.stringify({}));
  form.append('dir_id', String(dirId));
  return call<string>(1, 'POST', 'uploads', form);
}
