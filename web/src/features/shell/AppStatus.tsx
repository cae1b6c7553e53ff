import { useTranslation } from 'react-i18next';
import { useNewVersion } from '../../shared/newVersion';
import { useOnline } from '../../shared/useOnline';

/**
 * What every page says about the app itself (issue 40), above the page: "You are offline" while the browser
 * has no connection (the screens ask again on their own once it is back: RTK Query's refetchOnReconnect), and
 * "New version available — Reload" when a new build waits in the service worker. Nothing when neither.
 */
export function AppStatus() {
  const { t } = useTranslation();
  const online = useOnline();
  const newVersion = useNewVersion();
  if (online && !newVersion) return null;
  return (
    <aside className="app-status" aria-label={t('appStatus.label')}>
      {!online && (
        <p className="app-status-offline" role="status">
          <strong>{t('appStatus.offline')}</strong> {t('appStatus.offlineDetail')}
        </p>
      )}
      {newVersion && (
        <div className="app-status-update" role="status">
          <span>{t('appStatus.newVersion')}</span>
          <button type="button" className="btn btn-small" onClick={() => void newVersion.reload()}>
            {t('appStatus.reload')}
          </button>
        </div>
      )}
    </aside>
  );
}
