import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AppStatus } from './AppStatus';

/** The router fallback for unhandled routing errors. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error ?? '');
  console.error(error);
  // A screen that could not load offline (its code not cached yet) loads again once the connection is back.
  useEffect(() => {
    const reload = () => window.location.reload();
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, []);
  return (
    <>
      <AppStatus />
      <main id="main" className="page narrow center">
        <h1>{t('routeError.title')}</h1>
        {detail && <pre className="error-detail">{detail}</pre>}
        <p>
          <Link to="/">{t('routeError.home')}</Link>
        </p>
      </main>
    </>
  );
}
