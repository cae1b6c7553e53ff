import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../shared/hooks';
import { CONVERSATIONS_POLL_MS } from '../../shared/shiftConstants';
import { usePolling } from '../../shared/usePolling';
import { messagesApi } from '../messages';

/** Unread messages over every conversation, from the conversations list (polled here unless /messages polls it). */
export function useUnreadCount(): number {
  const { user, profile } = useAuth();
  const { pathname } = useLocation();
  const enabled = !!profile && !!user && user.user_type !== 'operator';
  const conversations = messagesApi.useConversationsQuery(undefined, { skip: !enabled });
  const { refetch } = conversations;
  usePolling(() => refetch(), CONVERSATIONS_POLL_MS, enabled && !pathname.startsWith('/messages'));
  if (!enabled) return 0;
  return (conversations.data?.conversations ?? []).reduce((sum, c) => sum + (c.unread_count ?? 0), 0);
}

/** The unread count next to Messages: the figure for the eye, the sentence for screen readers. */
export function UnreadBadge({ count, className }: { count: number; className: string }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <>
      <span className={className} aria-hidden="true">
        {count > 99 ? '99+' : count}
      </span>
      <span className="visually-hidden"> {t('nav.unread', { count })}</span>
    </>
  );
}
