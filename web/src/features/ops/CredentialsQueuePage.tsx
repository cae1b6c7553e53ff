import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { CREDENTIAL_STATUSES, type CredentialStatus } from '@brigade/contracts';
import { errorText } from '../../shared/api';
import { Alert } from '../../shared/components/Alert';
import { ActionButton } from '../../shared/components/ActionButton';
import { Field } from '../../shared/components/Field';
import { TextAreaField } from '../../shared/components/TextAreaField';
import { Fact } from '../../shared/components/Facts';
import { formatDate } from '../../shared/format';
import { formatDateTime, Loaded, OpsPage } from './OpsPage';
import { opsCredentialsApi, type CredentialDecision, type OpsCredential } from './opsCredentialsApi';

const REASON_MAX = 500;

/**
 * /ops/credentials (issue 39): the credentials queue, pending ones oldest first (or those of another status).
 * Each shows its chef, its details and its file (a preview of a photo; any file opens through its signed URL,
 * good for 5 minutes: reload the queue for new ones), and the decisions its status allows: verify or reject
 * (with a reason the chef is texted) a pending one, revoke (with a reason) a verified one. Every decision is
 * audited.
 */
export default function CredentialsQueuePage() {
  const { t } = useTranslation('ops');
  const [status, setStatus] = useState<CredentialStatus>('pending');
  const query = opsCredentialsApi.useOpsCredentialsQuery(status, { refetchOnMountOrArgChange: true });
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <OpsPage title={t('credentials.title')}>
      <p className="hint">{t('credentials.intro')}</p>
      <Field label={t('credentials.show')}>
        {(p) => (
          <select
            {...p}
            value={status}
            onChange={(e) => {
              setNotice(null);
              setStatus(e.target.value as CredentialStatus);
            }}
          >
            {CREDENTIAL_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`credentials.status.${s}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {notice && <Alert tone="success">{notice}</Alert>}
      <Loaded query={query}>
        {({ credentials }) =>
          credentials.length === 0 ? (
            <p className="empty">{t(`credentials.none.${status}`)}</p>
          ) : (
            <ul className="credential-list">
              {credentials.map((c) => (
                <QueuedCredential key={c.id} credential={c} onDecided={setNotice} />
              ))}
            </ul>
          )
        }
      </Loaded>
    </OpsPage>
  );
}

/** The file: a photo shown where it is ours to show (the same origin), and always a link that opens it. */
function CredentialFile({ credential: c, name }: { credential: OpsCredential; name: string }) {
  const { t } = useTranslation('ops');
  const sameOrigin = c.file_url.startsWith('/');
  return (
    <div className="credential-file">
      {sameOrigin &&
        c.file_type.startsWith('image/') &&
        c.file_type !== 'image/heic' &&
        c.file_type !== 'image/heif' && (
          <img src={c.file_url} alt={t('credentials.photoOf', { name })} className="credential-photo" />
        )}
      <a href={c.file_url} target="_blank" rel="noopener noreferrer">
        {t(c.file_type === 'application/pdf' ? 'credentials.openPdf' : 'credentials.openFile')}
      </a>
    </div>
  );
}

function QueuedCredential({
  credential: c,
  onDecided,
}: {
  credential: OpsCredential;
  onDecided: (text: string) => void;
}) {
  const { t } = useTranslation('ops');
  const { t: tc } = useTranslation('credentials');
  const name = c.chef_name ?? c.chef_email;
  const type = tc(`types.${c.type}`);
  return (
    <li className="card credential-item" data-testid="queued-credential">
      <div className="credential-head">
        <h2>{type}</h2>
        <span className={`tag tag-credential-${c.status}`}>{t(`credentials.status.${c.status}`)}</span>
      </div>
      <dl className="facts">
        <Fact label={t('credentials.chef')}>
          <Link to={`/ops/users/${c.chef_id}`}>{name}</Link>
        </Fact>
        <Fact label={t('credentials.number')}>{c.number ?? t('credentials.notGiven')}</Fact>
        <Fact label={t('credentials.issuer')}>{c.issuer ?? t('credentials.notGiven')}</Fact>
        <Fact label={t('credentials.expiresOn')}>{formatDate(`${c.expires_on}T12:00:00Z`, 'UTC')}</Fact>
        <Fact label={t('credentials.sent')}>{formatDateTime(c.created_at)}</Fact>
        {c.reason && <Fact label={t('credentials.reason')}>{c.reason}</Fact>}
      </dl>
      <CredentialFile credential={c} name={name} />
      {c.status === 'pending' && (
        <Decide
          credential={c}
          decisions={['verify', 'reject']}
          name={name}
          type={type}
          onDecided={onDecided}
        />
      )}
      {c.status === 'verified' && (
        <Decide credential={c} decisions={['revoke']} name={name} type={type} onDecided={onDecided} />
      )}
    </li>
  );
}

/** The decisions a status allows: verify at once; reject or revoke with a reason, reviewed before it is sent. */
function Decide({
  credential: c,
  decisions,
  name,
  type,
  onDecided,
}: {
  credential: OpsCredential;
  decisions: CredentialDecision[];
  name: string;
  type: string;
  onDecided: (text: string) => void;
}) {
  const { t } = useTranslation('ops');
  const [decide, result] = opsCredentialsApi.useDecideCredentialMutation();
  const [withReason, setWithReason] = useState<'reject' | 'revoke' | null>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = async (decision: CredentialDecision, why?: string) => {
    const res = await decide({ id: c.id, decision, reason: why });
    if (!res.error) onDecided(t(`credentials.done.${decision}`, { type, name }));
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setProblem(t('credentials.reasonRequired'));
    setProblem(null);
    void send(withReason!, reason.trim());
  };
  return (
    <div className="credential-decide">
      <Alert>{result.error ? errorText(result.error, t('credentials.failed')) : null}</Alert>
      {withReason ? (
        <form onSubmit={onSubmit} noValidate>
          <TextAreaField
            label={t(`credentials.reasonFor.${withReason}`, { name })}
            hint={t('credentials.reasonHint')}
            error={problem}
            rows={3}
            maxLength={REASON_MAX}
            value={reason}
            onChange={setReason}
          />
          <div className="actions-row">
            <button type="submit" className="btn btn-danger" disabled={result.isLoading}>
              {t(`credentials.confirm.${withReason}`)}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setWithReason(null)}>
              {t('credentials.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <div className="actions-row">
          {decisions.includes('verify') && (
            <ActionButton
              className="btn"
              busy={result.isLoading}
              onClick={() => send('verify')}
              label={t('credentials.verifyLabel', { type, name })}
            >
              {t('credentials.verify')}
            </ActionButton>
          )}
          {decisions
            .filter((d): d is 'reject' | 'revoke' => d !== 'verify')
            .map((d) => (
              <button key={d} type="button" className="btn btn-secondary" onClick={() => setWithReason(d)}>
                {t(`credentials.${d}`)}
              </button>
            ))}
        </div>
      )}
    </div>
  );
}
