import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CREDENTIAL_TYPES, credentialTimeZone, type CredentialType } from '@brigade/contracts';
import { errorText } from '../../shared/api';
import { useAuth } from '../../shared/hooks';
import { formatDate } from '../../shared/format';
import { Alert } from '../../shared/components/Alert';
import { Field } from '../../shared/components/Field';
import { Spinner } from '../../shared/components/Spinner';
import { TextField } from '../../shared/components/TextField';
import { pageFor } from '../shell';
import { credentialsApi, type Credential } from './credentialsApi';
import { draftProblem, EMPTY_DRAFT, formOf, todayFor, type CredentialDraft } from './credentialForm';

/**
 * /credentials (chefs, issue 39): a food-handler card and the like. The chef adds one with its expiry date and a
 * photo (the phone's camera: `accept` of images and PDFs) or a PDF; an operator checks it, and each shows its
 * status (waiting, verified, not accepted with why, revoked with why, expired), its date and its file. Shifts that
 * require a credential take only chefs with a verified one that has not expired.
 */
const CredentialsPage = pageFor('chef', Credentials);
export default CredentialsPage;

function Credentials() {
  const { t } = useTranslation('credentials');
  const list = credentialsApi.useMyCredentialsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [added, setAdded] = useState(false);
  return (
    <section className="page narrow">
      <h1>{t('title')}</h1>
      <p className="muted">{t('intro')}</p>
      {added && <Alert tone="success">{t('added')}</Alert>}
      <AddCredential onAdded={() => setAdded(true)} />
      <section aria-labelledby="my-credentials">
        <h2 id="my-credentials">{t('list.title')}</h2>
        {list.isLoading && <Spinner />}
        {list.isError && <Alert>{errorText(list.error, t('list.failed'))}</Alert>}
        {list.data &&
          (list.data.credentials.length === 0 ? (
            <p className="empty">{t('list.empty')}</p>
          ) : (
            <ul className="credential-list">
              {list.data.credentials.map((c) => (
                <CredentialItem key={c.id} credential={c} />
              ))}
            </ul>
          ))}
      </section>
    </section>
  );
}

/** One credential: its name, status, date, number and issuer, why it was refused, and its file. */
function CredentialItem({ credential: c }: { credential: Credential }) {
  const { t } = useTranslation('credentials');
  const { profile } = useAuth();
  const zone = credentialTimeZone(profile?.city);
  return (
    <li className="card credential-item" data-testid="credential-item">
      <div className="credential-head">
        <h3>{t(`types.${c.type}`)}</h3>
        <span className={`tag tag-credential-${c.status}`} data-testid="credential-status">
          {t(`status.${c.status}`)}
        </span>
      </div>
      <p className="muted">
        {t(c.status === 'expired' ? 'expired' : 'expires', {
          date: formatDate(`${c.expires_on}T12:00:00Z`, 'UTC'),
        })}
        {c.number ? ` · ${t('numberIs', { number: c.number })}` : ''}
        {c.issuer ? ` · ${c.issuer}` : ''}
      </p>
      {c.reason && (
        <p data-testid="credential-reason">
          <strong>{t(c.status === 'revoked' ? 'revokedBecause' : 'rejectedBecause')}</strong> {c.reason}
        </p>
      )}
      {c.decided_at && c.status === 'verified' && (
        <p className="hint">{t('verifiedOn', { date: formatDate(c.decided_at, zone) })}</p>
      )}
      <a href={c.file_url} target="_blank" rel="noopener noreferrer">
        {t('viewFile')}
      </a>
    </li>
  );
}

/** The form: which credential, its number and issuer, its expiry date, and a photo or a PDF of it. */
function AddCredential({ onAdded }: { onAdded: () => void }) {
  const { t } = useTranslation('credentials');
  const { profile } = useAuth();
  const [draft, setDraft] = useState<CredentialDraft>(EMPTY_DRAFT);
  const [problem, setProblem] = useState<string | null>(null);
  const [add, adding] = credentialsApi.useAddCredentialMutation();
  const fileInput = useRef<HTMLInputElement>(null);
  const today = todayFor(profile?.city);
  const set = <K extends keyof CredentialDraft>(key: K, value: CredentialDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = draftProblem(draft, today);
    setProblem(found);
    if (found) return;
    const res = await add(formOf(draft));
    if (!res.error) {
      setDraft(EMPTY_DRAFT);
      if (fileInput.current) fileInput.current.value = '';
      onAdded();
    }
  };
  const tooBig =
    problem === 'errors.fileTooLarge' || problem === 'errors.fileType' || problem === 'errors.file';
  return (
    <form className="card" onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="add-credential">
      <h2 id="add-credential">{t('form.title')}</h2>
      <Field label={t('form.type')} error={problem === 'errors.type' ? t(problem) : null}>
        {(p) => (
          <select {...p} value={draft.type} onChange={(e) => set('type', e.target.value as CredentialType)}>
            <option value="">{t('form.choose')}</option>
            {CREDENTIAL_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`types.${type}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <TextField
        label={t('form.number')}
        maxLength={64}
        autoComplete="off"
        value={draft.number}
        onChange={(v) => set('number', v)}
      />
      <TextField
        label={t('form.issuer')}
        hint={t('form.issuerHint')}
        maxLength={120}
        value={draft.issuer}
        onChange={(v) => set('issuer', v)}
      />
      <TextField
        label={t('form.expiresOn')}
        type="date"
        min={today}
        value={draft.expires_on}
        onChange={(v) => set('expires_on', v)}
        error={problem === 'errors.date' || problem === 'errors.pastDate' ? t(problem) : null}
      />
      <Field label={t('form.file')} hint={t('form.fileHint')} error={tooBig ? t(problem!) : null}>
        {(p) => (
          <input
            {...p}
            ref={fileInput}
            type="file"
            accept="image/*,application/pdf"
            onChange={(e) => set('file', e.target.files?.[0] ?? null)}
          />
        )}
      </Field>
      <Alert>{adding.error ? errorText(adding.error, t('form.failed')) : null}</Alert>
      <button type="submit" className="btn btn-large" disabled={adding.isLoading}>
        {adding.isLoading ? t('form.sending') : t('form.submit')}
      </button>
    </form>
  );
}
