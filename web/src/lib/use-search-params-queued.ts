import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

/**
 * The address's query, whose changes build on each other. React Router's setter, even given a
 * function, starts from the query of its own render: a second change made before the page has
 * rendered the first (a game, then a fee, chosen quickly on a loaded machine) dropped the first, and
 * a change made after an await dropped whatever came meanwhile. Here a change starts from the last
 * one asked for until the address has it, and otherwise from the address as last rendered.
 */
export function useSearchParamsQueued() {
  const [params, setParams] = useSearchParams();
  const rendered = useRef(params);
  const asked = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    rendered.current = params;
    if (asked.current?.toString() === params.toString()) asked.current = null;
  }, [params]);
  const change = useCallback(
    (next: (current: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => {
      const wanted = next(new URLSearchParams(asked.current ?? rendered.current));
      asked.current = wanted;
      setParams(wanted, options);
    },
    [setParams],
  );
  return [params, change] as const;
}
