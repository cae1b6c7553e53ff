import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AppStatus } from './AppStatus';
import { AuthLifecycle } from './AuthLifecycle';

export function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useEffect(() => {
    if (typeof window.scrollTo === 'function' && !navigator.userAgent.includes('jsdom'))
      window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <AuthLifecycle />
      <AppStatus />
      <Outlet />
    </>
  );
}
