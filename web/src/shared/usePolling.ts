import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * Calls `tick` every `intervalMs` while `enabled` and the tab is visible (document.hidden pauses it); when the
 * tab becomes visible again it ticks at once. Ticks never overlap: the next waits for the previous one.
 */
export function usePolling(tick: () => unknown, intervalMs: number, enabled = true): void {
  const latest = useRef(tick);
  // the newest tick, kept once React commits the render that made it (refs are not written while rendering)
  useLayoutEffect(() => {
    latest.current = tick;
  });
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let running = false;
    const schedule = () => {
      if (stopped) return;
      clearTimeout(timer);
      timer = setTimeout(run, intervalMs);
    };
    const run = async () => {
      if (stopped || running) return;
      if (typeof document !== 'undefined' && document.hidden) return; // resumed by visibilitychange
      running = true;
      try {
        await latest.current();
      } catch {
        // a failed poll is retried on the next tick
      } finally {
        running = false;
        schedule();
      }
    };
    const onVisibility = () => {
      if (!document.hidden) {
        clearTimeout(timer);
        void run();
      }
    };
    schedule();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [intervalMs, enabled]);
}
