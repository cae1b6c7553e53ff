import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api';
import { genericError } from '../../shared/serverText';
import { Alert } from '../../shared/components/Alert';
import { authApi, type TotpEnrolment } from './authApi';
import { checkCode, PASSWORD_MIN, sanitizeCode } from './validation';
import { Fact } from '../../shared/components/Facts';
import { CodeField, PasswordField } from '../../shared/components/SecretFields';

// The login's further steps for operators (issue 33): a one-time password replaced by their own, and the code
// of their authenticator app (set up here when two-step login is required and not set up yet).

/** A one-time password signs in nowhere: the operator chooses their own, then the login goes on with it. */
export function NewPasswordStep({
  email,
  password,
  onChanged,
}: {
  email: string;
  password: string;
  onChanged: (chosen: string) => void;
}) {
  const { t } = useTranslation('auth');
  const [chosen, setChosen] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [change, result] = authApi.useChangePasswordMutation();
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (chosen.length < PASSWORD_MIN) return setError(t('validation.passwordTooShort'));
    if (chosen !== again) return setError(t('validation.passwordsDontMatch'));
    setError(null);
    const res = await change({ email, password, new_password: chosen });
    if ('data' in res) onChanged(chosen);
  };
  return (
    <>
      <h1>{t('login.newPasswordTitle')}</h1>
      <p className="muted">{t('login.newPasswordHint')}</p>
      <Alert>{result.error ? errorText(result.error, genericError()) : null}</Alert>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <PasswordField
          purpose="new"
          label={t('reset.password')}
          error={error}
          value={chosen}
          onChange={setChosen}
        />
        <PasswordField purpose="new" label={t('fields.confirmPassword')} value={again} onChange={setAgain} />
        <button type="submit" className="btn btn-block" disabled={result.isLoading}>
          {t('login.newPasswordSubmit')}
        </button>
      </form>
    </>
  );
}

/** The authenticator's 6-digit code; with `enrolment`, first the key to add to the app. */
export function CodeStep({
  enrolment,
  busy,
  error,
  onCode,
}: {
  enrolment: TotpEnrolment | null;
  busy: boolean;
  error: string | null;
  onCode: (code: string) => void;
}) {
  const { t } = useTranslation('auth');
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const problem = checkCode(code);
    setInvalid(problem ? t(problem) : null);
    if (!problem) onCode(code);
  };
  return (
    <>
      <h1>{enrolment ? t('login.enrolTitle') : t('login.codeTitle')}</h1>
      {enrolment ? (
        <>
          <p className="muted">{t('login.enrolHint')}</p>
          <dl className="facts">
            <Fact label={t('login.enrolKey')}>
              <code data-testid="totp-secret">{enrolment.secret}</code>
            </Fact>
            <Fact label={t('login.enrolLink')}>
              <a href={enrolment.otpauth_uri}>{enrolment.otpauth_uri}</a>
            </Fact>
          </dl>
        </>
      ) : (
        <p className="muted">{t('login.codeHint')}</p>
      )}
      <Alert>{error}</Alert>
      <form onSubmit={onSubmit} noValidate>
        <CodeField
          label={t('login.code')}
          error={invalid}
          value={code}
          onChange={(v) => setCode(sanitizeCode(v))}
        />
        <button type="submit" className="btn btn-block" disabled={busy}>
          {t('login.submit')}
        </button>
      </form>
    </>
  );
}
