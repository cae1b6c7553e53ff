import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/api';
import { VERIFY_REDIRECT_MS } from '../../app/constants';
import { Alert } from '../../components/Alert';
import { Field } from '../../components/Field';
import { PublicHeader } from '../landing/PublicHeader';
import { authApi } from './authApi';
import { onboardingPathFor } from './RequireAuth';
import { checkCode, sanitizeCode } from './validation';

export default function VerifyPhonePage() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as { phone?: string; userType?: 'chef' | 'restaurant' } | null;
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [verify, verifyState] = authApi.useVerifyPhoneMutation();
  const [resend, resendState] = authApi.useResendCodeMutation();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  if (!state?.phone || !state.userType) return <Navigate to="/signup" replace />;
  const { phone, userType } = state;

  const onVerify = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setNotice(null);
    const problem = checkCode(code);
    if (problem) {
      setError(t(problem));
      return;
    }
    const res = await verify({ phone, code });
    if (res.error) {
      setError(errorText(res.error, t('verify.failed')));
      return;
    }
    setNotice(res.data.message);
    timer.current = window.setTimeout(() => navigate(onboardingPathFor(userType)), VERIFY_REDIRECT_MS);
  };

  const onResend = async () => {
    setError(null);
    setNotice(null);
    const res = await resend({ phone });
    if (res.error) setError(errorText(res.error, t('verify.resendFailed')));
    else setNotice(t('verify.codeSent'));
  };

  return (
    <>
      <PublicHeader />
      <main id="main" className="page auth-page">
        <div className="card auth-card">
          <h1>{t('verify.title')}</h1>
          <p className="muted">{t('verify.subtitle', { phone })}</p>
          <Alert>{error}</Alert>
          <Alert tone="success">{notice}</Alert>
          <form onSubmit={onVerify} noValidate>
            <Field label={t('verify.codeLabel')}>
              {(p) => (
                <input
                  {...p}
                  className="code-input"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="\d{6}"
                  maxLength={6}
                  value={code}
                  onChange={(e) => setCode(sanitizeCode(e.target.value))}
                />
              )}
            </Field>
            <button type="submit" className="btn btn-block" disabled={verifyState.isLoading}>
              {verifyState.isLoading ? t('verify.verifying') : t('verify.submit')}
            </button>
          </form>
          <p className="center">
            <button
              type="button"
              className="link-btn"
              onClick={() => void onResend()}
              disabled={resendState.isLoading}
            >
              {t('verify.resend')}
            </button>
          </p>
        </div>
      </main>
    </>
  );
}
