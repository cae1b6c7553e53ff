import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api';
import { Alert } from '../../shared/components/Alert';
import { AuthScreen } from './AuthScreen';
import { authApi, type ForgotPasswordRequest } from './authApi';
import { checkCode, PASSWORD_MIN, sanitizeCode } from './validation';
import { TextField } from '../../shared/components/TextField';
import { PasswordField, SixDigitCodeField } from '../../shared/components/SecretFields';
import { ActionButton } from '../../shared/components/ActionButton';

type By = 'phone' | 'email';

/** The account named by its phone or its email, as both requests send it. */
const accountOf = (by: By, value: string): ForgotPasswordRequest =>
  by === 'phone' ? { phone: value.trim() } : { email: value.trim() };

/**
 * /forgot-password (issue 32): ask for a code by phone or email (texted to the account's verified phone), then
 * enter it with a new password. The first step reads the same whether or not an account matched; after the
 * new password is saved, the person signs in with it.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [step, setStep] = useState<'ask' | 'reset'>('ask');
  const [by, setBy] = useState<By>('phone');
  const [value, setValue] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  // the notice's key, not its text: it is said in the page's language, also after a switch
  const [notice, setNotice] = useState<'forgot.sentPhone' | 'forgot.sentEmail' | null>(null);
  const [forgot, forgotState] = authApi.useForgotPasswordMutation();
  const [reset, resetState] = authApi.useResetPasswordMutation();

  const askForCode = async (e?: FormEvent) => {
    e?.preventDefault();
    setError(null);
    setNotice(null);
    const res = await forgot(accountOf(by, value));
    if (res.error) return setError(errorText(res.error, t('forgot.failed')));
    setNotice(by === 'phone' ? 'forgot.sentPhone' : 'forgot.sentEmail');
    setStep('reset');
  };

  const tooShort = password.length > 0 && password.length < PASSWORD_MIN;
  const mismatch = confirm.length > 0 && confirm !== password;
  const onReset = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const problem = checkCode(code);
    if (problem) return setError(t(problem));
    const res = await reset({ ...accountOf(by, value), code, password });
    if (res.error) return setError(errorText(res.error, t('reset.failed')));
    navigate('/login', { replace: true, state: { passwordReset: true } });
  };

  return (
    <AuthScreen>
      {step === 'ask' ? (
        <>
          <h1>{t('forgot.title')}</h1>
          <p className="muted">{t('forgot.subtitle')}</p>
          <Alert>{error}</Alert>
          <form onSubmit={(e) => void askForCode(e)} noValidate>
            <fieldset className="role-choice">
              <legend>{t('forgot.by')}</legend>
              {(['phone', 'email'] as const).map((option) => (
                <label key={option} className={by === option ? 'role-option role-on' : 'role-option'}>
                  <input
                    type="radio"
                    name="by"
                    value={option}
                    checked={by === option}
                    onChange={() => {
                      setBy(option);
                      setValue('');
                    }}
                  />
                  <span>{t(`forgot.option.${option}`)}</span>
                </label>
              ))}
            </fieldset>
            <TextField
              label={t(by === 'phone' ? 'fields.phone' : 'fields.email')}
              type={by === 'phone' ? 'tel' : 'email'}
              autoComplete={by === 'phone' ? 'tel' : 'email'}
              required
              value={value}
              onChange={setValue}
            />
            <button
              type="submit"
              className="btn btn-block"
              disabled={forgotState.isLoading || value.trim() === ''}
            >
              {forgotState.isLoading ? t('forgot.sending') : t('forgot.submit')}
            </button>
          </form>
        </>
      ) : (
        <>
          <h1>{t('reset.title')}</h1>
          <Alert tone="info">{notice && t(notice)}</Alert>
          <Alert>{error}</Alert>
          <form onSubmit={(e) => void onReset(e)} noValidate>
            <SixDigitCodeField
              label={t('reset.code')}
              value={code}
              onChange={(v) => setCode(sanitizeCode(v))}
            />
            <PasswordField
              purpose="new"
              label={t('reset.password')}
              error={tooShort ? t('validation.passwordTooShort') : null}
              required
              minLength={PASSWORD_MIN}
              value={password}
              onChange={setPassword}
            />
            <PasswordField
              purpose="new"
              label={t('fields.confirmPassword')}
              error={mismatch ? t('validation.passwordsDontMatch') : null}
              required
              value={confirm}
              onChange={setConfirm}
            />
            <button
              type="submit"
              className="btn btn-block"
              disabled={resetState.isLoading || password.length < PASSWORD_MIN || confirm !== password}
            >
              {resetState.isLoading ? t('reset.saving') : t('reset.submit')}
            </button>
          </form>
          <p className="center">
            <ActionButton className="link-btn" busy={forgotState.isLoading} onClick={askForCode}>
              {t('reset.resend')}
            </ActionButton>
          </p>
          <p className="center">
            <button
              type="button"
              className="link-btn"
              onClick={() => {
                setStep('ask');
                setError(null);
                setCode('');
              }}
            >
              {t('reset.another')}
            </button>
          </p>
        </>
      )}
      <p className="center">
        <Link to="/login">{t('forgot.backToLogin')}</Link>
      </p>
    </AuthScreen>
  );
}
