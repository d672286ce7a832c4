import { useCallback, useEffect, useState } from 'react';

/** How long a Copy button says "Copied" before it offers to copy again. */
const COPIED_MS = 3000;

/**
 * Puts a text on the clipboard and says how it went, for every Copy button: `copied` for a few
 * seconds, or `failed` where the browser refuses (no clipboard outside a secure page, no
 * permission). `copy` answers whether it worked, so a caller can select the text to copy by hand.
 */
export function useCopy(): {
  result: 'copied' | 'failed' | null;
  copy: (text: string) => Promise<boolean>;
  clear: () => void;
} {
  const [result, setResult] = useState<'copied' | 'failed' | null>(null);
  useEffect(() => {
    if (result !== 'copied') return;
    const timer = setTimeout(() => setResult(null), COPIED_MS);
    return () => clearTimeout(timer);
  }, [result]);
  const copy = useCallback(async (text: string) => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard here');
      await navigator.clipboard.writeText(text);
      setResult('copied');
      return true;
    } catch {
      setResult('failed');
      return false;
    }
  }, []);
  const clear = useCallback(() => setResult(null), []);
  return { result, copy, clear };
}
