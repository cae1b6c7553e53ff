import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../shared/format';
import { useAuth } from '../../shared/hooks';
import { cardDisputesApi } from './cardDisputesApi';

/**
 * "A card dispute was lost: you owe $X and cannot post shifts until you pay it back" (issue 38): on the
 * restaurant's Home and the Post Shift page while a lost dispute is unpaid, with the way to /card-disputes.
 * Nothing otherwise (or while the disputes cannot be read).
 */
export function CardDisputeNotice() {
  const { t, ready } = useTranslation('card-disputes');
  const { user } = useAuth();
  const restaurant = user?.user_type === 'restaurant';
  const { data } = cardDisputesApi.useOwnCardDisputesQuery(undefined, {
    skip: !restaurant,
    refetchOnMountOrArgChange: true,
  });
  if (!ready || !restaurant || !data || data.total_owed_cents <= 0) return null;
  return (
    <div className="banner" role="alert" data-testid="card-dispute-notice">
      <span>{t('notice', { amount: formatCents(data.total_owed_cents) })}</span>{' '}
      <Link to="/card-disputes">{t('noticeLink')}</Link>
    </div>
  );
}
