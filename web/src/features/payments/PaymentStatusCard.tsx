import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paymentSetupPath } from '../../shared/constants';
import { paymentsApi } from './paymentsApi';
import { dashboardSetUp, paymentStatusKind } from './paymentStatus';
import { SavedCardStatusCard } from './SavedCardPanel';

/** The dashboards' payment card: a restaurant's saved card, a chef's payout setup prompt. */
export function PaymentStatusCard({ userType }: { userType: 'chef' | 'restaurant' }) {
  if (userType === 'restaurant') return <SavedCardStatusCard />;
  return <PayoutStatusCard userType={userType} />;
}

function PayoutStatusCard({ userType }: { userType: 'chef' | 'restaurant' }) {
  const { t } = useTranslation('payments');
  const { data, isError, isLoading } = paymentsApi.useAccountStatusQuery();
  if (isLoading) return null;
  const kind = isError ? (userType === 'restaurant' ? 'success' : 'none') : paymentStatusKind(userType, data);
  const ready = dashboardSetUp(userType, data, isError);
  return (
    <section className={`card status-card status-${kind}`} aria-labelledby="payment-status-title">
      <h2 id="payment-status-title">{t(`status.${userType}.${kind}.title`)}</h2>
      <p>{t(`status.${userType}.${kind}.text`)}</p>
      {!ready && (
        <Link to={paymentSetupPath} className="btn">
          {kind === 'none' ? t('actions.setUp') : t('actions.continue')}
        </Link>
      )}
    </section>
  );
}
