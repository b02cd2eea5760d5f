import { index, pgTable } from 'drizzle-orm/pg-core';
import { flag, id, str, timestamps, uint } from './_columns';

/** Image space of a store (reference §5.3): folders and the uploaded files recorded in them. */
export const file_space_dirs = pgTable(
  'file_space_dirs',
  {
    id: id(),
    /** stores.id */
    belong_id: uint(),
    name: str(30, 'tmpdir'),
    ...timestamps(),
  },
  (t) => [index('file_space_dirs_belong_idx').on(t.belong_id, t.id)],
);

export const file_spaces = pgTable(
  'file_spaces',
  {
    id: id(),
    /** stores.id */
    belong_id: uint(),
    /** file_space_dirs.id, 0 = the temporary folder. */
    dir_id: uint(),
    /** Original file name (shortened). */
    name: str(100, 'filename'),
    /** Stored file name. */
    new_name: str(60, 'filename'),
    md5: str(32),
    url: str(150),
    ext_name: str(20, 'ext_name'),
    disk_name: str(15, 'public'),
    /** width*height */
    info: str(30, '0*0'),
    status: flag(1),
    is_type: flag(),
    ...timestamps(),
  },
  (t) => [index('file_spaces_belong_dir_idx').on(t.belong_id, t.dir_id, t.id)],
);
