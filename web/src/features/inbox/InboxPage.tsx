import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api';
import { formatDateTime } from '../../shared/format';
import { Alert } from '../../shared/components/Alert';
import { Spinner } from '../../shared/components/Spinner';
import { inboxApi, type InboxEntry } from './inboxApi';

/**
 * /inbox (issue 40): every notification Brigade sent the person, newest first, in their language, whichever
 * channels carried it. Each links to its page (opening it marks it read); "Mark all as read" clears the bell.
 */
export default function InboxPage() {
  const { t } = useTranslation('inbox');
  const [pages, setPages] = useState<(string | undefined)[]>([undefined]);
  const [readAll, readingAll] = inboxApi.useReadAllNotificationsMutation();
  const first = inboxApi.useInboxQuery(undefined, { refetchOnMountOrArgChange: true });
  const unread = first.data?.unread ?? 0;
  return (
    <section className="page narrow">
      <div className="page-head">
        <h1>{t('title')}</h1>
        {unread > 0 && (
          <button
            type="button"
            className="btn btn-ghost"
            disabled={readingAll.isLoading}
            onClick={() => void readAll()}
          >
            {t('readAll')}
          </button>
        )}
      </div>
      <p className="muted">{unread > 0 ? t('unread', { count: unread }) : t('allRead')}</p>
      {first.isLoading && <Spinner />}
      {first.isError && <Alert>{errorText(first.error, t('failed'))}</Alert>}
      {first.data && first.data.notifications.length === 0 && <p className="empty">{t('empty')}</p>}
      {pages.map((before, i) => (
        <InboxSlice
          key={before ?? 'first'}
          before={before}
          onMore={i === pages.length - 1 ? (next) => setPages((p) => [...p, next]) : undefined}
        />
      ))}
    </section>
  );
}

/** One page of entries (the first, or the one older than `before`), and "Show older" under the last. */
function InboxSlice({ before, onMore }: { before?: string; onMore?: (next: string) => void }) {
  const { t } = useTranslation('inbox');
  const page = inboxApi.useInboxQuery(before ? { before } : undefined);
  if (!page.data) return before && page.isLoading ? <Spinner /> : null;
  return (
    <>
      <ul className="inbox-list">
        {page.data.notifications.map((entry) => (
          <Entry key={entry.id} entry={entry} />
        ))}
      </ul>
      {onMore && page.data.next && (
        <button type="button" className="btn btn-ghost" onClick={() => onMore(page.data!.next!)}>
          {t('older')}
        </button>
      )}
    </>
  );
}

function Entry({ entry }: { entry: InboxEntry }) {
  const { t } = useTranslation('inbox');
  const [read] = inboxApi.useReadNotificationMutation();
  const body = (
    <>
      <span className="inbox-type">{t(`types.${entry.type}`)}</span>
      <span className="inbox-text">{entry.text}</span>
      <time className="inbox-time" dateTime={entry.created_at}>
        {formatDateTime(entry.created_at)}
      </time>
    </>
  );
  return (
    <li className={entry.read ? 'inbox-entry' : 'inbox-entry inbox-unread'} data-testid="inbox-entry">
      {!entry.read && <span className="visually-hidden">{t('new')} </span>}
      {entry.link ? (
        <Link to={entry.link} onClick={() => !entry.read && void read(entry.id)}>
          {body}
        </Link>
      ) : (
        <div>
          {body}
          {!entry.read && (
            <button type="button" className="btn btn-ghost btn-small" onClick={() => void read(entry.id)}>
              {t('markRead')}
            </button>
          )}
        </div>
      )}
    </li>
  );
}
