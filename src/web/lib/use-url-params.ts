import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A page's filters kept in its query string, readable at once after each change.
 *
 * React Router's setter builds on the params of the last render and commits the URL a little later, so two
 * changes in quick succession (a radio, then a select) lose the first, and an input bound straight to the URL
 * lags its own keystrokes. Here the params live in state that changes at once, and the URL follows with
 * `replace`. A URL change that is not one of ours (back, forward, a link) wins over the state.
 */
export function useUrlParams(): [URLSearchParams, (change: (next: URLSearchParams) => void) => void] {
  const [url, setUrl] = useSearchParams();
  const [params, setParams] = useState(() => new URLSearchParams(url));
  const latest = useRef(params);
  const ours = useRef<string[]>([]);

  useEffect(() => {
    const seen = url.toString();
    const at = ours.current.indexOf(seen);
    if (at >= 0) {
      ours.current = ours.current.slice(at + 1);
      return;
    }
    ours.current = [];
    if (seen === latest.current.toString()) return;
    latest.current = new URLSearchParams(url);
    setParams(latest.current);
  }, [url]);

  const update = useCallback(
    (change: (next: URLSearchParams) => void) => {
      const next = new URLSearchParams(latest.current);
      change(next);
      latest.current = next;
      ours.current.push(next.toString());
      setParams(next);
      setUrl(next, { replace: true });
    },
    [setUrl],
  );
  return [params, update];
}
