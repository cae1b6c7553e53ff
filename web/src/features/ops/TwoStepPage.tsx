import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api';
import { useAppDispatch, useAuth } from '../../shared/hooks';
import { genericError } from '../../shared/serverText';
import { Alert } from '../../shared/components/Alert';
import { signIn, authApi, type TotpEnrolment, CodeStep } from '../auth';
import { OpsPage } from './OpsPage';
import { PasswordField } from '../../shared/components/SecretFields';

/**
 * /ops/two-step: an operator sets up two-step login (issue 33). Their password proves who asks; the key and its
 * link go into an authenticator app; the first right code confirms it (a login with the code, which also
 * renews this session).
 */
export default function TwoStepPage() {
  const { t } = useTranslation('ops');
  const dispatch = useAppDispatch();
  const { user } = useAuth();
  const [password, setPassword] = useState('');
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [enrol, enrolled] = authApi.useEnrolTotpMutation();
  const email = user?.email ?? '';

  const onPassword = async (e: FormEvent) => {
    e.preventDefault();
    const res = await enrol({ email, password });
    if ('data' in res && res.data) setEnrolment(res.data);
  };
  const onCode = async (code: string) => {
    setBusy(true);
    const outcome = await dispatch(signIn(email, password, code));
    setBusy(false);
    if (outcome.ok) setDone(true);
    else setCodeError(outcome.error);
  };

  return (
    <OpsPage title={t('twoStep.title')} wide={false}>
      {done ? (
        <Alert tone="success">{t('twoStep.done')}</Alert>
      ) : enrolment ? (
        <section className="card">
          <CodeStep enrolment={enrolment} busy={busy} error={codeError} onCode={(c) => void onCode(c)} />
        </section>
      ) : (
        <section className="card">
          <p className="muted">{t('twoStep.intro')}</p>
          <Alert>{enrolled.error ? errorText(enrolled.error, genericError()) : null}</Alert>
          <form onSubmit={(e) => void onPassword(e)} noValidate>
            <PasswordField
              purpose="current"
              label={t('twoStep.password')}
              value={password}
              onChange={setPassword}
            />
            <button type="submit" className="btn" disabled={!password || enrolled.isLoading}>
              {t('twoStep.start')}
            </button>
          </form>
        </section>
      )}
    </OpsPage>
  );
}
