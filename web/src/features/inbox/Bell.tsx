import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../shared/hooks';
import { INBOX_POLL_MS } from '../../shared/shiftConstants';
import { usePolling } from '../../shared/usePolling';
import { inboxApi } from './inboxApi';

/** The bell in the navigation: the inbox, with how many notifications are unread (polled, 304 while unchanged). */
export function Bell() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { pathname } = useLocation();
  const enabled = !!user && user.user_type !== 'operator';
  const count = inboxApi.useUnreadNotificationsQuery(undefined, { skip: !enabled });
  const { refetch } = count;
  usePolling(() => refetch(), INBOX_POLL_MS, enabled);
  if (!enabled) return null;
  const unread = count.data?.unread ?? 0;
  const label = unread > 0 ? t('nav.inboxUnread', { count: unread }) : t('nav.inbox');
  return (
    <Link
      to="/inbox"
      className={pathname.startsWith('/inbox') ? 'bell bell-active' : 'bell'}
      aria-label={label}
      title={label}
      data-testid="bell"
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
          fill="currentColor"
        />
      </svg>
      {unread > 0 && (
        <span className="bell-count" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
