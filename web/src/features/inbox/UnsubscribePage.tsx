import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert } from '../../shared/components/Alert';
import { errorText } from '../../shared/api';
import { inboxApi } from './inboxApi';

/**
 * Issue 40: the unsubscribe link in an email, `/unsubscribe?token=...`: that kind of email is turned off at once
 * (signed in or not), the page says which, and links to Settings to choose again.
 */
export default function UnsubscribePage() {
  const { t } = useTranslation('inbox');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [unsubscribe, result] = inboxApi.useUnsubscribeMutation();
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    void unsubscribe(token);
  }, [token, unsubscribe]);
  return (
    <main className="auth-page">
      <section className="card" aria-labelledby="unsubscribe-title">
        <h1 id="unsubscribe-title">{t('unsubscribe.title')}</h1>
        {!token ? (
          <Alert tone="error">{t('unsubscribe.noToken')}</Alert>
        ) : result.isSuccess ? (
          <Alert tone="success">{t('unsubscribe.done', { type: t(`types.${result.data.type}`) })}</Alert>
        ) : result.isError ? (
          <Alert tone="error">{errorText(result.error, t('unsubscribe.failed'))}</Alert>
        ) : (
          <p role="status">{t('unsubscribe.working')}</p>
        )}
        <p>
          <Link to="/settings">{t('unsubscribe.settings')}</Link>
        </p>
      </section>
    </main>
  );
}
