import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiResult } from '../../api/client';

export type Resource<T> =
  | { status: 'loading'; data?: T }
  | { status: 'ready'; data: T }
  | { status: 'missing'; data?: undefined }
  | { status: 'failed'; data?: undefined; message: string };

/**
 * Fetch-and-show for simple pages: runs `load` whenever `key` changes, keeps the previous data
 * while reloading, ignores answers of superseded keys. 404 → 'missing', other failures → 'failed'.
 */
export function useResource<T>(key: string | null, load: () => Promise<ApiResult<T>>): Resource<T> & { reload: () => void } {
  const [state, setState] = useState<Resource<T>>({ status: 'loading' });
  const [tick, setTick] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    if (key === null) return;
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
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { ...state, reload };
}
