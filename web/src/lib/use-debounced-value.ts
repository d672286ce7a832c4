import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `delayMs` (search fields, filters: SPEC §9 debounces). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
