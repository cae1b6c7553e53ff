import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api';
import { Alert } from '../../shared/components/Alert';
import { Reliability } from '../profile';
import { opsApi, type OpsUser } from './opsApi';
import { formatDateTime, Loaded, OpsPage } from './OpsPage';
import { formatPhone } from '../../shared/phone';
import { Fact } from '../../shared/components/Facts';
import { TextAreaField } from '../../shared/components/TextAreaField';
import { ActionButton } from '../../shared/components/ActionButton';
import { UserReviews } from './UserReviews';

const HIDDEN = /(^id$|_id$|_url$|^latitude$|^longitude$|_at$|^reliability$|^availability$|^operating_hours$)/;

/** The profile's plain fields (name, city, skills...), as the marketplace shows them. */
function ProfileFacts({ profile }: { profile: Record<string, unknown> }) {
  const { t } = useTranslation('ops');
  const rows = Object.entries(profile).filter(
    ([k, v]) =>
      !HIDDEN.test(k) &&
      (typeof v === 'string' ||
        typeof v === 'number' ||
        (Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string'))),
  );
  return (
    <section className="card" aria-labelledby="profile-title">
      <h2 id="profile-title">{t('user.profile')}</h2>
      <dl className="facts">
        {rows.map(([k, v]) => (
          <Fact key={k} label={k.replace(/_/g, ' ')}>
            {Array.isArray(v) ? v.join(', ') : String(v)}
          </Fact>
        ))}
      </dl>
    </section>
  );
}

const REASON_MAX = 1000;

function Suspend({ user }: { user: OpsUser }) {
  const { t } = useTranslation('ops');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [suspend, result] = opsApi.useSuspendUserMutation();

  const onReview = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setError(t('user.reasonRequired'));
    if (reason.trim().length > REASON_MAX) return setError(t('user.reasonTooLong', { max: REASON_MAX }));
    setError(null);
    setConfirming(true);
  };
  const onConfirm = async () => {
    const res = await suspend({ userId: user.id, reason: reason.trim() });
    if (!res.error) {
      setConfirming(false);
      setReason('');
    }
  };

  return (
    <section className="card" aria-labelledby="suspend-title">
      <h2 id="suspend-title">{t('user.suspendTitle')}</h2>
      {confirming ? (
        <>
          <p>{t('user.suspendConfirmText', { email: user.email, reason: reason.trim() })}</p>
          <Alert>{result.error ? errorText(result.error, t('user.failed')) : null}</Alert>
          <div className="actions-row">
            <ActionButton className="btn btn-danger" busy={result.isLoading} onClick={onConfirm}>
              {t('user.suspendConfirm')}
            </ActionButton>
            <button type="button" className="btn btn-secondary" onClick={() => setConfirming(false)}>
              {t('user.cancel')}
            </button>
          </div>
        </>
      ) : (
        <form onSubmit={onReview} noValidate>
          <p className="hint">{t('user.suspendHint')}</p>
          <TextAreaField
            label={t('user.reason')}
            error={error}
            rows={3}
            maxLength={REASON_MAX}
            value={reason}
            onChange={setReason}
          />
          <button type="submit" className="btn btn-danger">
            {t('user.suspend')}
          </button>
        </form>
      )}
    </section>
  );
}

function Reinstate({ user }: { user: OpsUser }) {
  const { t } = useTranslation('ops');
  const [reason, setReason] = useState('');
  const [reinstate, result] = opsApi.useReinstateUserMutation();
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    await reinstate({ userId: user.id, ...(reason.trim() ? { reason: reason.trim() } : {}) });
  };
  return (
    <section className="card" aria-labelledby="reinstate-title">
      <h2 id="reinstate-title">{t('user.reinstateTitle')}</h2>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <TextAreaField
          label={t('user.reinstateReason')}
          rows={2}
          maxLength={REASON_MAX}
          value={reason}
          onChange={setReason}
        />
        <Alert>{result.error ? errorText(result.error, t('user.failed')) : null}</Alert>
        <button type="submit" className="btn" disabled={result.isLoading}>
          {t('user.reinstate')}
        </button>
      </form>
    </section>
  );
}

/**
 * /ops/users/:userId: the account, profile, reliability record, reviews (issue 39: Hide) and suspension, with
 * Suspend or Reinstate.
 */
export default function UserPage() {
  const { t } = useTranslation('ops');
  const { userId = '' } = useParams();
  const query = opsApi.useUserQuery(userId, { refetchOnMountOrArgChange: true });
  return (
    <OpsPage title={query.data ? query.data.user.email : t('user.title')}>
      <Loaded query={query}>
        {({ user, profile, reliability }) => (
          <>
            <section className="card" aria-labelledby="account-title">
              <h2 id="account-title">{t('user.account')}</h2>
              <dl className="facts">
                <Fact label={t('users.name')}>{user.name ?? t('unnamed')}</Fact>
                <Fact label={t('users.type')}>{t(`users.types.${user.user_type}`)}</Fact>
                <Fact label={t('users.phone')}>
                  {formatPhone(user.phone)}{' '}
                  {user.phone_verified ? `(${t('user.verified')})` : `(${t('user.unverified')})`}
                </Fact>
                <Fact label={t('user.language')}>{user.language_preference.toUpperCase()}</Fact>
                <Fact label={t('user.since')}>{formatDateTime(user.created_at)}</Fact>
                <Fact label={t('users.state')} testId="suspension-state">
                  {user.suspension
                    ? t('user.suspendedSince', {
                        at: formatDateTime(user.suspension.suspended_at),
                        reason: user.suspension.reason,
                      })
                    : t('users.active')}
                </Fact>
              </dl>
            </section>
            {profile && <ProfileFacts profile={profile} />}
            <Reliability record={reliability} />
            {/* issue 39: the reviews the user wrote and the ones about them, with Hide */}
            {user.user_type !== 'operator' && <UserReviews userId={user.id} />}
            {user.user_type !== 'operator' &&
              (user.suspension ? <Reinstate user={user} /> : <Suspend user={user} />)}
          </>
        )}
      </Loaded>
    </OpsPage>
  );
}
