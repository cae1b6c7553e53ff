import { useTranslation } from 'react-i18next';
import { useAuth } from '../../shared/hooks';
import { errorText } from '../../shared/api';
import { authApi } from './authApi';

/** Issue 40, Settings: "x — verified", or "x — not verified [Send link again]". */
export function EmailStatus() {
  const { t } = useTranslation('auth');
  const { user } = useAuth();
  const me = authApi.useMeQuery(undefined, { skip: !user });
  const [send, sending] = authApi.useRequestEmailLinkMutation();
  if (!user) return null;
  const verified = me.data?.user.email_verified ?? user.email_verified;
  return (
    <span>
      {user.email} — {verified ? t('verifyEmail.status.verified') : t('verifyEmail.status.unverified')}
      {!verified && (
        <>
          {' '}
          <button
            type="button"
            className="btn btn-secondary"
            disabled={sending.isLoading || sending.isSuccess}
            onClick={() => void send()}
          >
            {t('verifyEmail.status.send')}
          </button>
          {sending.isSuccess && (
            <span role="status"> {t('verifyEmail.status.sent', { email: user.email })}</span>
          )}
          {sending.isError && (
            <span role="alert"> {errorText(sending.error, t('verifyEmail.status.failed'))}</span>
          )}
        </>
      )}
    </span>
  );
}
