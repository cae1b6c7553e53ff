import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../shared/format';
import { useAuth } from '../../shared/hooks';
import { paymentsApi } from './paymentsApi';

/**
 * "You owe $X for extra hours" (issue 34): on the restaurant's Home and Receipts while its card left a balance
 * for extra hours unpaid, with the way to /balances. Nothing otherwise (or while the balances cannot be read).
 */
export function BalanceNotice() {
  const { t } = useTranslation('payments');
  const { user } = useAuth();
  const restaurant = user?.user_type === 'restaurant';
  const { data } = paymentsApi.useBalancesQuery(undefined, { skip: !restaurant });
  if (!restaurant || !data || data.total_cents <= 0) return null;
  return (
    <div className="banner" role="status" data-testid="balance-notice">
      <span>{t('balances.notice', { amount: formatCents(data.total_cents) })}</span>{' '}
      <Link to="/balances">{t('balances.noticeLink')}</Link>
    </div>
  );
}
