import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAuth } from '../../app/hooks';
import { Alert } from '../../components/Alert';
import { Field } from '../../components/Field';
import { PublicHeader } from '../landing/PublicHeader';
import { signIn } from './accountThunks';

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const { session, user, loading, error } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const state = location.state as { from?: string; passwordReset?: boolean } | null;
  const from = state?.from;
  const target = from && from !== '/login' ? from : '/dashboard';

  if (!loading && session && user && !busy) return <Navigate to={target} replace />;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setSubmitted(true);
    const outcome = await dispatch(signIn(email, password));
    setBusy(false);
    if (outcome.ok) navigate(target, { replace: true });
  };

  return (
    <>
      <PublicHeader />
      <main id="main" className="page auth-page">
        <div className="card auth-card">
          <h1>{t('login.title')}</h1>
          <p className="muted">{t('login.subtitle')}</p>
          {state?.passwordReset && !submitted && <Alert tone="success">{t('login.passwordReset')}</Alert>}
          {submitted && error && <Alert>{error}</Alert>}
          <form onSubmit={onSubmit} noValidate>
            <Field label={t('fields.email')}>
              {(p) => (
                <input
                  {...p}
                  type="email"
                  autoComplete="email"
                  required
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                />
              )}
            </Field>
            <Field label={t('fields.password')}>
              {(p) => (
                <input
                  {...p}
                  type="password"
                  autoComplete="current-password"
                  required
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
              )}
            </Field>
            <p className="forgot-link">
              <Link to="/forgot-password">{t('login.forgot')}</Link>
            </p>
            <button type="submit" className="btn btn-block" disabled={busy || !email || !password}>
              {busy ? t('login.submitting') : t('login.submit')}
            </button>
          </form>
          <p className="center">
            {t('login.noAccount')} <Link to="/signup">{t('login.signupLink')}</Link>
          </p>
        </div>
      </main>
    </>
  );
}
