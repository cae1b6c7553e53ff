import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { THREAD_POLL_MS } from '../../shared/shiftConstants';
import { usePolling } from '../../shared/usePolling';
import { mergeMessages } from './format';
import { messagesApi, threadKey, type Message, type ThreadTarget } from './messagesApi';

interface ThreadState {
  key: string;
  messages: Message[];
  loading: boolean;
}

interface Cursor {
  key: string;
  /** The newest message the thread has, and when it was sent. */
  since: string | null;
  sinceAt: string | null;
  etag: string | null;
}

/** The newest of a page's messages when it is newer than the cursor's; the cursor's otherwise. */
function advance(c: Cursor, messages: Message[]): Pick<Cursor, 'since' | 'sinceAt'> {
  const newest = messages.reduce<Message | null>((n, m) => (!n || m.created_at > n.created_at ? m : n), null);
  return newest && (!c.sinceAt || newest.created_at > c.sinceAt)
    ? { since: newest.id, sinceAt: newest.created_at }
    : { since: c.since, sinceAt: c.sinceAt };
}

/**
 * The open thread: first page, then only what is new (since the newest message, with the ETag), every 3 s. A
 * poll also brings back a message whose translation landed after it was sent, which replaces the one shown.
 */
export function useThread(target: ThreadTarget | null) {
  const key = threadKey(target);
  const [fetchPage] = messagesApi.useThreadPageMutation();
  const [state, setState] = useState<ThreadState>({ key: '', messages: [], loading: false });
  // Another thread opened: its state starts empty and loading, set while rendering (React's pattern for state
  // that follows a prop) rather than in an effect.
  const [shownKey, setShownKey] = useState('');
  if (shownKey !== key) {
    setShownKey(key);
    if (key) setState({ key, messages: [], loading: true });
  }
  const cursor = useRef<Cursor>({ key: '', since: null, sinceAt: null, etag: null });
  const targetRef = useRef(target);
  // the thread as last rendered, read by a load that resolves later (kept after each commit)
  useLayoutEffect(() => {
    targetRef.current = target;
  });

  const load = useCallback(
    async (first: boolean) => {
      const t = targetRef.current;
      const k = threadKey(t);
      if (!t) return;
      const c: Cursor =
        cursor.current.key === k ? cursor.current : { key: k, since: null, sinceAt: null, etag: null };
      const res = await fetchPage({ target: t, since: first ? null : c.since, etag: first ? null : c.etag });
      if (threadKey(targetRef.current) !== k) return; // another thread was opened meanwhile
      if ('error' in res) {
        console.error('Could not load messages', res.error);
        setState((s) => (s.key === k ? { ...s, loading: false } : { key: k, messages: [], loading: false }));
        return;
      }
      const page = res.data;
      cursor.current = {
        key: k,
        ...advance(first ? { ...c, sinceAt: null } : c, page.messages),
        etag: page.etag,
      };
      setState((s) => ({
        key: k,
        loading: false,
        messages: mergeMessages(s.key === k ? s.messages : [], page.messages),
      }));
    },
    [fetchPage],
  );

  useEffect(() => {
    if (!key) return;
    cursor.current = { key, since: null, sinceAt: null, etag: null };
    void load(true);
  }, [key, load]);
  usePolling(() => load(false), THREAD_POLL_MS, !!key);

  const add = useCallback(
    (m: Message) => {
      setState((s) => ({ ...s, messages: mergeMessages(s.messages, [m]) }));
      // Our own message is now the newest: the next poll asks only for what came after it.
      if (cursor.current.key === key)
        cursor.current = { ...cursor.current, since: m.id, sinceAt: m.created_at, etag: null };
    },
    [key],
  );
  return {
    messages: state.key === key ? state.messages : [],
    loading: !!key && (state.key !== key || state.loading),
    add,
  };
}
