import { useCallback, useEffect, useState } from 'react';
import { IMAGES_PER_PAGE, TEMP_FOLDER_ID, loadFolders, loadImages, type Folder, type SpaceImage } from './spaceApi';

/** The store's folders (null until loaded) and all of them after the temporary folder 0, named `tempName`. */
export function useSpaceFolders(tempName: string) {
  const [folders, setFolders] = useState<Folder[] | null>(null);
  useEffect(() => {
    let live = true;
    void loadFolders().then((list) => live && setFolders(list));
    return () => {
      live = false;
    };
  }, []);
  const refresh = useCallback(async () => setFolders(await loadFolders()), []);
  const all: Folder[] = [{ id: TEMP_FOLDER_ID, name: tempName }, ...(folders ?? [])];
  return { folders, all, refresh };
}

export interface SpaceImages {
  /** The open folder, or null (nothing loads). */
  dir: number | null;
  /** The images of the page, null while it loads. */
  images: SpaceImage[] | null;
  total: number;
  page: number;
  perPage: number;
  /** Open a folder at its first page (null: none). */
  open: (dir: number | null) => void;
  setPage: (page: number) => void;
  /** A new page size, from the first page. */
  setSize: (perPage: number) => void;
  /** Load the current page again (after an upload or a delete). */
  refresh: () => void;
}

/** The images of one folder, page by page (`dir_id`, `page`, `per_page`); answers that come late are dropped. */
export function useSpaceImages(initialDir: number | null): SpaceImages {
  const [dir, setDir] = useState(initialDir);
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(IMAGES_PER_PAGE);
  const [images, setImages] = useState<SpaceImage[] | null>(null);
  const [total, setTotal] = useState(0);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (dir === null) return;
    let live = true;
    setImages(null);
    void loadImages(dir, page, perPage).then((result) => {
      if (!live) return;
      setImages(result.rows);
      setTotal(result.total);
    });
    return () => {
      live = false;
    };
  }, [dir, page, perPage, version]);

  return {
    dir,
    images,
    total,
    page,
    perPage,
    open: (next) => {
      setDir(next);
      setPage(1);
    },
    setPage,
    setSize: (size) => {
      setPerPage(size);
      setPage(1);
    },
    refresh: () => setVersion((v) => v + 1),
  };
}
