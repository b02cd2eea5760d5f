import { createReadStream } from 'node:fs';
import { access, mkdir, rm, stat, writeFile, constants } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { contentTypeOf, StorageUnavailable, type Storage, type StoredObject } from './types';

/**
 * Files on this instance's disk under DATA_DIR (`uploads/…`, `private/…`): the default, for one
 * instance or several sharing a mounted directory. Private files are readable by this user only.
 */
export function localStorage(dataDir: string): Storage {
  const pathOf = (key: string) => join(dataDir, ...key.split('/'));
  const isPrivate = (key: string) => key.startsWith('private/');
  return {
    kind: 'local',
    async put(key, body) {
      const file = pathOf(key);
      await mkdir(dirname(file), { recursive: true, ...(isPrivate(key) ? { mode: 0o700 } : {}) });
      await writeFile(file, body, isPrivate(key) ? { mode: 0o600 } : {});
    },
    async get(key): Promise<StoredObject | null> {
      const file = pathOf(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return { body: createReadStream(file), size: info.size, contentType: contentTypeOf(key), lastModified: info.mtime };
      } catch (err) {
        if ((err as { code?: string }).code === 'ENOENT' || (err as { code?: string }).code === 'ENOTDIR') return null;
        throw err;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async check() {
      try {
        await mkdir(join(dataDir, 'uploads'), { recursive: true });
        await access(join(dataDir, 'uploads'), constants.W_OK);
      } catch (err) {
        throw new StorageUnavailable(`${join(dataDir, 'uploads')} is not writable`, { cause: err });
      }
    },
    describe: () => `local (${dataDir})`,
  };
}
