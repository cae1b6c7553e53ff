import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorCode, PHONE_UNVERIFIED } from '../../shared/api';
import { CONVERSATIONS_POLL_MS } from '../../shared/shiftConstants';
import { LIMITS } from '../../shared/contracts';
import { useAuth } from '../../shared/hooks';
import { usePolling } from '../../shared/usePolling';
import { Alert } from '../../shared/components/Alert';
import { useTranslatedText } from '../../shared/components/TranslatedText';
import { PhoneRequiredNotice } from '../auth';
import { newClientId } from './format';
import { useThread } from './useThread';
import {
  messagesApi,
  threadKey,
  useTranslatorActive,
  type Conversation,
  type Message,
  type ThreadTarget,
} from './messagesApi';
import { formatMessageTime } from '../../shared/format';

function ConversationItem({
  c,
  selected,
  role,
  onSelect,
}: {
  c: Conversation;
  selected: boolean;
  role: 'chef' | 'restaurant';
  onSelect: () => void;
}) {
  const { t } = useTranslation('messages');
  const { t: tc } = useTranslation('catalog');
  // Names and messages are what people typed: each isolated (<bdi>, dir="auto") so that a right-to-left name or
  // a direction control inside a message cannot reorder the list around it (issue 33).
  const who =
    role === 'chef' ? (
      c.restaurant_name ? (
        <bdi>{c.restaurant_name}</bdi>
      ) : (
        t('restaurantFallback')
      )
    ) : c.chef_name ? (
      <>
        {t('chefConversation')} · <bdi>{c.chef_name}</bdi>
      </>
    ) : (
      t('chefConversation')
    );
  return (
    <li>
      <button
        type="button"
        className={selected ? 'conversation conversation-on' : 'conversation'}
        aria-current={selected ? 'true' : undefined}
        onClick={onSelect}
      >
        <span className="conversation-top">
          <span className="conversation-title">
            {tc(`positions.${c.job_title}`, { defaultValue: c.job_title })}
          </span>
          {c.latest_message && (
            <time dateTime={c.latest_message.created_at} className="hint">
              {formatMessageTime(c.latest_message.created_at)}
            </time>
          )}
        </span>
        <span className="conversation-who">{who}</span>
        <span className="conversation-bottom">
          <span className="conversation-preview">
            {c.latest_message ? <bdi>{c.latest_message.content}</bdi> : t('noMessagesYet')}
          </span>
          {c.unread_count > 0 && (
            <span className="badge" aria-label={t('unread', { count: c.unread_count })}>
              {c.unread_count}
            </span>
          )}
        </span>
      </button>
    </li>
  );
}

function MessageBubble({ m }: { m: Message }) {
  const { t } = useTranslation('messages');
  const shown = useTranslatedText({
    original: m.was_translated ? m.original_content : m.content,
    originalLanguage: m.original_language,
    translation: m.was_translated ? m.content : null,
    mine: m.is_from_current_user,
  });
  return (
    <li className={m.is_from_current_user ? 'bubble bubble-mine' : 'bubble'}>
      <span className="visually-hidden">{m.is_from_current_user ? t('you') : t('them')}: </span>
      <p className="bubble-text" lang={shown.lang} dir="auto">
        {shown.text}
      </p>
      <span className="bubble-meta">
        <time dateTime={m.created_at}>{formatMessageTime(m.created_at)}</time>
        {shown.mark && <> · {shown.mark}</>}
      </span>
    </li>
  );
}

interface ThreadTitle {
  main: string;
  sub?: string;
}

/** A message of ours not in the thread yet: on its way, or refused (then Retry sends it again, same client id). */
interface PendingMessage {
  clientId: string;
  thread: string;
  text: string;
  state: 'sending' | 'failed';
}

function PendingBubble({ p, onRetry }: { p: PendingMessage; onRetry: () => void }) {
  const { t } = useTranslation('messages');
  return (
    <li className={`bubble bubble-mine bubble-${p.state}`} data-testid="pending-message">
      <span className="visually-hidden">{t('you')}: </span>
      <p className="bubble-text" dir="auto">
        {p.text}
      </p>
      <span className="bubble-meta">
        {p.state === 'sending' ? (
          t('sending')
        ) : (
          <>
            <span className="bubble-failed">{t('notSent')}</span> ·{' '}
            <button type="button" className="link-btn bubble-retry" onClick={onRetry}>
              {t('retry')}
            </button>
          </>
        )}
      </span>
    </li>
  );
}

function Thread({ target, title, onBack }: { target: ThreadTarget; title: ThreadTitle; onBack: () => void }) {
  const { t } = useTranslation('messages');
  const key = threadKey(target);
  const { messages, loading, add } = useThread(target);
  const translatorActive = useTranslatorActive();
  const [send] = messagesApi.useSendMessageMutation();
  const [text, setText] = useState('');
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [phoneNeeded, setPhoneNeeded] = useState(false);
  const end = useRef<HTMLLIElement>(null);
  // A message that landed though its answer was lost comes back with a poll: its pending copy goes.
  const landed = new Set(messages.map((m) => m.client_id).filter(Boolean));
  const shown = pending.filter((p) => p.thread === key && !landed.has(p.clientId));
  // A block body: scrollIntoView returns a Promise in newer browsers, which must not become the effect's cleanup.
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, shown.length]);
  const trimmed = text.trim();
  const tooLong = text.length > LIMITS.messageMax;
  const mark = (clientId: string, state: PendingMessage['state'] | null) =>
    setPending((list) =>
      state === null
        ? list.filter((p) => p.clientId !== clientId)
        : list.map((p) => (p.clientId === clientId ? { ...p, state } : p)),
    );
  // The message shows at once, marked "Sending…"; a failure marks it "Not sent" with Retry (issue 32).
  const deliver = async (p: PendingMessage, to: ThreadTarget) => {
    const res = await send({ target: to, text: p.text, clientId: p.clientId });
    if ('error' in res) {
      // A missing phone verification is shown too: the user can act on it.
      setPhoneNeeded(errorCode(res.error) === PHONE_UNVERIFIED);
      console.error('Could not send the message', res.error);
      mark(p.clientId, 'failed');
      return;
    }
    setPhoneNeeded(false);
    add(res.data.message);
    mark(p.clientId, null);
  };
  const onSend = (e?: FormEvent) => {
    e?.preventDefault();
    if (!trimmed || tooLong) return;
    const p: PendingMessage = { clientId: newClientId(), thread: key, text: trimmed, state: 'sending' };
    setPending((list) => [...list, p]);
    setText('');
    void deliver(p, target);
  };
  const retry = (p: PendingMessage) => {
    mark(p.clientId, 'sending');
    void deliver({ ...p, state: 'sending' }, target);
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      void onSend();
    }
  };
  return (
    <div className="thread">
      <div className="thread-head">
        {/* on a phone only the arrow shows (its name is still "Conversations"): the thread's title gets the width */}
        <button type="button" className="btn btn-ghost btn-small thread-back" onClick={onBack}>
          <span aria-hidden="true">←</span> <span className="thread-back-label">{t('back')}</span>
        </button>
        <h2 className="h-reset thread-title" title={title.sub ? `${title.main} · ${title.sub}` : title.main}>
          <span className="thread-title-main">{title.main}</span>
          {title.sub && (
            <>
              <span className="visually-hidden"> · </span>
              <bdi className="thread-title-sub">{title.sub}</bdi>
            </>
          )}
        </h2>
      </div>
      <div className="thread-body" aria-live="polite">
        {loading && shown.length === 0 ? (
          <p className="muted center">{t('loading')}</p>
        ) : messages.length === 0 && shown.length === 0 ? (
          <p className="muted center">{t('startConversation')}</p>
        ) : (
          <ol className="bubbles" aria-label={t('messagesLabel')}>
            {messages.map((m) => (
              <MessageBubble key={m.id} m={m} />
            ))}
            {shown.map((p) => (
              <PendingBubble key={p.clientId} p={p} onRetry={() => retry(p)} />
            ))}
            <li ref={end} aria-hidden="true" className="bubbles-end" />
          </ol>
        )}
      </div>
      {phoneNeeded && (
        <Alert>
          <PhoneRequiredNotice />
        </Alert>
      )}
      <form className="send-box" onSubmit={(e) => void onSend(e)}>
        <label htmlFor="message-input" className="visually-hidden">
          {t('inputLabel')}
        </label>
        <textarea
          id="message-input"
          rows={2}
          placeholder={t('placeholder')}
          value={text}
          maxLength={LIMITS.messageMax}
          aria-describedby="message-counter"
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKey}
        />
        <div className="send-row">
          <span id="message-counter" className={tooLong ? 'hint over' : 'hint'}>
            {t('counter', { count: text.length, max: LIMITS.messageMax })}
          </span>
          <button type="submit" className="btn" disabled={!trimmed || tooLong}>
            {t('send')}
          </button>
        </div>
      </form>
      {translatorActive && <p className="hint translate-note">{t('translationNote')}</p>}
    </div>
  );
}

/** Which conversation the URL (?job=&chef=) points at, and the thread to open for it. */
export function resolveSelection(
  conversations: Conversation[],
  role: 'chef' | 'restaurant',
  jobId: string | null,
  chefId: string | null,
): { conversation: Conversation | null; target: ThreadTarget | null } {
  if (!jobId) return { conversation: null, target: null };
  const match = conversations.find((c) => c.job_id === jobId && (!chefId || c.chef_id === chefId)) ?? null;
  if (match) return { conversation: match, target: { applicationId: match.application_id } };
  return { conversation: null, target: { jobId, ...(role === 'restaurant' && chefId ? { chefId } : {}) } };
}

/** /messages and /messages?job={id}: conversations on the left, the selected thread on the right. */
export default function MessagesPage() {
  const { t } = useTranslation('messages');
  const { t: tc } = useTranslation('catalog');
  const { user } = useAuth();
  const role = user?.user_type === 'restaurant' ? 'restaurant' : 'chef';
  const [params, setParams] = useSearchParams();
  const conversations = messagesApi.useConversationsQuery();
  const { refetch } = conversations;
  usePolling(() => refetch(), CONVERSATIONS_POLL_MS);
  if (conversations.error) console.error('Could not load conversations', conversations.error);
  const list = conversations.data?.conversations ?? [];
  const jobId = params.get('job');
  const chefId = params.get('chef');
  const { conversation, target } = resolveSelection(list, role, jobId, chefId);
  // The thread's title: the position gets the width, the other side is a second line (cut with an ellipsis,
  // the whole text in the heading's title).
  const title: ThreadTitle = conversation
    ? {
        main: tc(`positions.${conversation.job_title}`, { defaultValue: conversation.job_title }),
        sub:
          role === 'chef'
            ? (conversation.restaurant_name ?? t('restaurantFallback'))
            : (conversation.chef_name ?? t('chefConversation')),
      }
    : { main: t('thread') };

  return (
    <section className="page messages-page">
      <h1>{t('title')}</h1>
      <p className="muted">{role === 'chef' ? t('subtitleChef') : t('subtitleRestaurant')}</p>
      <div className={target ? 'messages-panel has-selection' : 'messages-panel'}>
        <nav className="conversations" aria-label={t('conversations')}>
          {conversations.isLoading ? (
            <p className="muted center">{t('loadingConversations')}</p>
          ) : list.length === 0 ? (
            <div className="empty center">
              <p className="empty-title">{t('empty')}</p>
              <p className="hint">{role === 'chef' ? t('emptyHintChef') : t('emptyHintRestaurant')}</p>
            </div>
          ) : (
            <ul className="conversation-list">
              {list.map((c) => (
                <ConversationItem
                  key={c.application_id}
                  c={c}
                  role={role}
                  selected={conversation?.application_id === c.application_id}
                  onSelect={() =>
                    setParams(role === 'restaurant' ? { job: c.job_id, chef: c.chef_id } : { job: c.job_id })
                  }
                />
              ))}
            </ul>
          )}
        </nav>
        <div className="thread-pane">
          {target ? (
            <Thread target={target} title={title} onBack={() => setParams({})} />
          ) : (
            <p className="muted center select-hint">{t('select')}</p>
          )}
        </div>
      </div>
    </section>
  );
}
