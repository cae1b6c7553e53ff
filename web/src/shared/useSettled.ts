import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/** How long a quote's form waits after the last keystroke before it asks the server (edits, boosts). */
export const QUOTE_DEBOUNCE_MS = 300;

/**
 * A value once it has stopped changing for `ms`. Keyed by the value's contents, not its identity: the timer
 * restarts only when the contents change.
 */
export function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  });
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(latest.current), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return settled;
}
