import { useTranslation } from 'react-i18next';

export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="spinner-wrap" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('loading')}</span>
    </div>
  );
}

/**
 * A whole screen that is still loading (a lazy page, the session being read): the spinner in the page's one `main`
 * landmark, so even this screen has its content in a landmark (axe: landmark-one-main, region).
 */
export function PageSpinner() {
  return (
    <main id="main" className="page">
      <Spinner />
    </main>
  );
}
