import { useLayoutEffect, useState } from 'react';

/**
 * The value once it has stayed the same for `delayMs` (typing settled). The wait starts as the
 * change is committed, in the keystroke's own task: React runs the effects of a render caused by
 * typing before the next keystroke, Preact (decision 268) in a task of their own, later.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useLayoutEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
