import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiResult } from '../../api/client';
import { forgetInlined } from '../../api/inlined';
import { firstData, useServerPage } from '../../app/serverRender';

export type Resource<T> =
  | { status: 'loading'; data?: T }
  | { status: 'ready'; data: T }
  | { status: 'missing'; data?: undefined }
  | { status: 'failed'; data?: undefined; message: string };

/**
 * Fetch-and-show for simple pages: runs `load` whenever `key` changes, keeps the previous data
 * while reloading, ignores answers of superseded keys. 404 → 'missing', other failures → 'failed'.
 * A page the server rendered starts from the answer it was rendered with under `key`
 * (src/app/serverRender.ts) and skips that first load; a later visit asks the API.
 */
export function useResource<T>(key: string | null, load: () => Promise<ApiResult<T>>): Resource<T> & { reload: () => void } {
  const server = useServerPage();
  const [state, setState] = useState<Resource<T>>(() => {
    const data = key === null ? undefined : firstData<T>(server, key);
    return data === undefined ? { status: 'loading' } : { status: 'ready', data };
  });
  const [tick, setTick] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  // the key whose data came with the page: not loaded again (StrictMode's second effect run included)
  const given = useRef(state.status === 'ready' ? key : null);
  useEffect(() => {
    if (key === null) return;
    if (given.current === key) {
      forgetInlined(key);
      return;
    }
    given.current = null;
    let live = true;
    setState((prev) => ({ status: 'loading', data: prev.data }));
    void loadRef.current().then((result) => {
      if (!live) return;
      if (result.kind === 'ok') setState({ status: 'ready', data: result.data });
      else if (result.kind === 'fail' && result.code === 404) setState({ status: 'missing' });
      else setState({ status: 'failed', message: 'msg' in result && typeof result.msg === 'string' ? result.msg : '' });
    });
    return () => {
      live = false;
    };
  }, [key, tick]);
  const reload = useCallback(() => {
    given.current = null;
    setTick((n) => n + 1);
  }, []);
  return { ...state, reload };
}
