import type { AreaIndex as Area } from '../../machines/areas';
import { areaPath, request, type ApiResult, type RequestOptions } from './client';

export interface UploadOptions {
  /** Folder name on the server (avatar, goods, …). */
  name: string;
  width?: number;
  height?: number;
  thumb?: [number, number][];
}

/** Multipart POST {prefix}uploads with `file`, `name`, `option` → data = file URL. */
export function uploadFile(area: Area, file: Blob & { name?: string }, options: UploadOptions, requestOptions?: RequestOptions): Promise<ApiResult<string>> {
  const form = new FormData();
  form.append('file', file, file.name ?? 'upload');
  form.append('name', options.name);
  const option: Record<string, unknown> = {};
  if (options.width) option.width = options.width;
  if (options.height) option.height = options.height;
  if (options.thumb) option.thumb = options.thumb;
  form.append('option', JSON.stringify(option));
  return request<string>(area, 'POST', areaPath(area, 'uploads'), form, requestOptions);
}
