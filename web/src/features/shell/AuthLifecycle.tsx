import { useEffect } from 'react';
import { useAppDispatch } from '../../shared/hooks';
import { AUTO_REFRESH_TICK_MS } from '../../shared/constants';
import { autoRefreshTick, recheckSession, restoreSessionOnce } from '../auth';

/** Restores the session on load (unless the app's start already began it), ticks the auto-refresh every 30 s and re-checks when the tab becomes visible. */
export function AuthLifecycle() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    void dispatch(restoreSessionOnce());
    const tick = window.setInterval(() => void dispatch(autoRefreshTick()), AUTO_REFRESH_TICK_MS);
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void dispatch(recheckSession());
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.clearInterval(tick);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [dispatch]);
  return null;
}
