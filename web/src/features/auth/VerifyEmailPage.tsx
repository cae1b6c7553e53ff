import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert } from '../../shared/components/Alert';
import { errorText } from '../../shared/api';
import { authApi } from './authApi';

/**
 * Issue 40: the link of the verification mail, `/verify-email?token=...`: confirms the email once and says so,
 * or why not (used, expired, not valid). Signed in or not: the mail may be opened on another device.
 */
export default function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [verify, result] = authApi.useVerifyEmailMutation();
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    void verify(token);
  }, [token, verify]);

  return (
    <main className="auth-page">
      <section className="card" aria-labelledby="verify-email-title">
        <h1 id="verify-email-title">{t('verifyEmail.title')}</h1>
        {!token ? (
          <Alert tone="error">{t('verifyEmail.noToken')}</Alert>
        ) : result.isSuccess ? (
          <Alert tone="success">{t('verifyEmail.verified', { email: result.data.email })}</Alert>
        ) : result.isError ? (
          <Alert tone="error">{errorText(result.error, t('verifyEmail.failed'))}</Alert>
        ) : (
          <p role="status">{t('verifyEmail.checking')}</p>
        )}
        <p>
          <Link to="/dashboard">{t('verifyEmail.continue')}</Link>
        </p>
      </section>
    </main>
  );
}
