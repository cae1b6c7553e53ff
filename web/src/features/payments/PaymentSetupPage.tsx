import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api';
import { SETUP_STATUS_REREAD_MS } from '../../shared/constants';
import { useAuth } from '../../shared/hooks';
import { Alert } from '../../shared/components/Alert';
import { Spinner } from '../../shared/components/Spinner';
import { asMember, dashboardPathFor } from '../auth';
import { paymentsApi } from './paymentsApi';
import { SavedCardPanel } from './SavedCardPanel';
import { canContinueSetup, groupRequirements, paymentStatusKind, requirementLabel } from './paymentStatus';

/**
 * Payment setup. Restaurants only pay: their card, saved for faster posting (never a payout account or a tax
 * ID). Chefs get paid: their payout account's onboarding, onboarding-complete (return from the provider) and
 * onboarding-refresh (expired link).
 */
export default function PaymentSetupPage() {
  const { user } = useAuth();
  const userType = asMember(user?.user_type ?? 'chef');
  return userType === 'restaurant' ? <RestaurantPaymentSetup /> : <PayoutSetup userType={userType} />;
}

/** The foot of both setup screens: to the dashboard, or back where the user came from. */
function SetupActions({ userType }: { userType: 'chef' | 'restaurant' }) {
  const { t } = useTranslation('payments');
  const navigate = useNavigate();
  return (
    <div className="actions-row">
      <Link to={dashboardPathFor(userType)} className="btn">
        {t('actions.dashboard')}
      </Link>
      <button type="button" className="btn btn-secondary" onClick={() => navigate(-1)}>
        {t('actions.back')}
      </button>
    </div>
  );
}

function RestaurantPaymentSetup() {
  const { t } = useTranslation('payments');
  return (
    <section className="page narrow">
      <h1>{t('title')}</h1>
      <p className="muted">{t('introRestaurant')}</p>
      <SavedCardPanel />
      <div className="card">
        <h2>{t('savedCard.howTitle')}</h2>
        <p className="muted">{t('howRestaurant')}</p>
      </div>
      <SetupActions userType="restaurant" />
    </section>
  );
}

function PayoutSetup({ userType }: { userType: 'chef' | 'restaurant' }) {
  const { t } = useTranslation('payments');
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const variant = pathname.endsWith('onboarding-complete')
    ? 'complete'
    : pathname.endsWith('onboarding-refresh')
      ? 'refresh'
      : 'start';
  const returned = variant === 'complete' && params.get('setup') === 'complete';

  const status = paymentsApi.useAccountStatusQuery(undefined, { refetchOnMountOrArgChange: true });
  const [createAccount] = paymentsApi.useCreateAccountMutation();
  const [onboardingLink] = paymentsApi.useOnboardingLinkMutation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Back from the provider: its webhook may land a moment later, so read the status again after 1 s.
  const { refetch } = status;
  useEffect(() => {
    if (!returned) return;
    const timer = window.setTimeout(() => void refetch(), SETUP_STATUS_REREAD_MS);
    return () => window.clearTimeout(timer);
  }, [returned, refetch]);

  if (status.error) console.warn('Payment account status unavailable; treating as no account', status.error);
  const account = status.error ? null : status.data;
  const kind = paymentStatusKind(userType, account);
  const due = account?.requirements?.currently_due ?? [];
  const groups = groupRequirements(due);

  const goToProvider = async () => {
    setBusy(true);
    setError(null);
    let accountId = account?.account_id ?? null;
    if (!accountId) {
      const created = await createAccount();
      if (created.error) {
        setBusy(false);
        setError(errorText(created.error, t('errors.createAccount')));
        return;
      }
      accountId = created.data.account_id;
    }
    const link = await onboardingLink({ account_id: accountId });
    if (link.error || !link.data?.url) {
      setBusy(false);
      setError(errorText(link.error, t('errors.onboardingLink')));
      return;
    }
    window.location.assign(link.data.url);
  };

  return (
    <section className="page narrow">
      <h1>{t('title')}</h1>
      <p className="muted">{userType === 'chef' ? t('introChef') : t('introRestaurant')}</p>
      {variant === 'refresh' && <Alert tone="info">{t('refreshNotice')}</Alert>}
      {returned && kind !== 'success' && <Alert tone="info">{t('returnedNotice')}</Alert>}
      <Alert>{error}</Alert>

      {status.isLoading ? (
        <Spinner />
      ) : (
        <div className={`card status-card status-${kind}`} aria-live="polite">
          <h2>{t(`status.${userType}.${kind}.title`)}</h2>
          <p>{t(`status.${userType}.${kind}.text`)}</p>
          {groups.length > 0 && (
            <div className="requirements">
              <h3>{t('requirements.title')}</h3>
              {groups.map((g) => (
                <div key={g.group} className="requirement-group">
                  <h4>{t(`requirements.groups.${g.group}`)}</h4>
                  <ul>
                    {g.shown.map((key) => (
                      <li key={key}>{requirementLabel(key)}</li>
                    ))}
                  </ul>
                  {g.more > 0 && <p className="muted">{t('requirements.more', { count: g.more })}</p>}
                </div>
              ))}
            </div>
          )}
          {canContinueSetup(kind) && (
            <button type="button" className="btn" disabled={busy} onClick={() => void goToProvider()}>
              {busy ? t('redirecting') : kind === 'none' ? t('actions.create') : t('actions.continue')}
            </button>
          )}
          {kind === 'pending' && (
            <button type="button" className="btn btn-secondary" onClick={() => void refetch()}>
              {t('actions.check')}
            </button>
          )}
        </div>
      )}

      <div className="card">
        <h2>{t('needs.title')}</h2>
        <ul className="bullets">
          <li>{t('needs.governmentId')}</li>
          <li>{userType === 'chef' ? t('needs.bankInfo') : t('needs.businessInfo')}</li>
          <li>{t('needs.taxId')}</li>
          <li>{t('needs.businessAddress')}</li>
        </ul>
        <p className="muted">{userType === 'chef' ? t('howChef') : t('howRestaurant')}</p>
      </div>

      <SetupActions userType={userType} />
    </section>
  );
}
