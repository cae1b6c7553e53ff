import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAuth } from '../../shared/hooks';
import { Alert } from '../../shared/components/Alert';
import { AuthScreen } from './AuthScreen';
import { errorText } from '../../shared/api';
import { genericError } from '../../shared/serverText';
import { signIn } from './accountThunks';
import { authApi, type TotpEnrolment } from './authApi';
import { CodeStep, NewPasswordStep } from './OperatorLoginSteps';
import { TextField } from '../../shared/components/TextField';
import { PasswordField } from '../../shared/components/SecretFields';

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
  const [step, setStep] = useState<'password' | 'newPassword' | 'code' | 'enrol'>('password');
  const [stepError, setStepError] = useState<string | null>(null);
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [enrol] = authApi.useEnrolTotpMutation();
  const state = location.state as { from?: string; passwordReset?: boolean } | null;
  const from = state?.from;
  const target = from && from !== '/login' ? from : '/dashboard';

  if (!loading && session && user && !busy) return <Navigate to={target} replace />;

  /** Sign in, then ask for what the answer says is missing (issue 33: operators' one-time password and code). */
  const attempt = async (withPassword: string, totp?: string) => {
    setBusy(true);
    const outcome = await dispatch(signIn(email, withPassword, totp));
    if (outcome.ok) {
      setBusy(false);
      navigate(target, { replace: true });
      return;
    }
    setStepError(null);
    if (outcome.code === 'IDENTITY.PASSWORD_CHANGE_REQUIRED') setStep('newPassword');
    else if (outcome.code === 'IDENTITY.TOTP_REQUIRED') setStep('code');
    else if (outcome.code === 'IDENTITY.TOTP_ENROLMENT_REQUIRED') {
      const res = await enrol({ email, password: withPassword });
      if ('data' in res && res.data) {
        setEnrolment(res.data);
        setStep('enrol');
      } else setStepError(errorText(res.error, genericError()));
    } else if (step !== 'password') setStepError(outcome.error);
    setBusy(false);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    await attempt(password);
  };

  if (step !== 'password')
    return (
      <AuthScreen other={{ question: t('login.noAccount'), to: '/signup', link: t('login.signupLink') }}>
        {step === 'newPassword' ? (
          <NewPasswordStep
            email={email}
            password={password}
            onChanged={(chosen) => {
              setPassword(chosen);
              void attempt(chosen);
            }}
          />
        ) : (
          <CodeStep
            enrolment={step === 'enrol' ? enrolment : null}
            busy={busy}
            error={stepError}
            onCode={(code) => void attempt(password, code)}
          />
        )}
      </AuthScreen>
    );

  return (
    <AuthScreen>
      <h1>{t('login.title')}</h1>
      <p className="muted">{t('login.subtitle')}</p>
      {state?.passwordReset && !submitted && <Alert tone="success">{t('login.passwordReset')}</Alert>}
      {submitted && error && <Alert>{error}</Alert>}
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={setEmail}
        />
        <PasswordField
          purpose="current"
          label={t('fields.password')}
          required
          value={password}
          onChange={setPassword}
        />
        <p className="forgot-link">
          <Link to="/forgot-password">{t('login.forgot')}</Link>
        </p>
        <button type="submit" className="btn btn-block" disabled={busy || !email || !password}>
          {busy ? t('login.submitting') : t('login.submit')}
        </button>
      </form>
    </AuthScreen>
  );
}
