/** A stored message as the database holds it. */
export interface StoredMessage {
  id: string;
  job_id: string;
  chef_id: string;
  seq: number;
  sender_id: string;
  recipient_id: string;
  original_content: string;
  original_language: string;
  translated_content: string | null;
  translated_language: string | null;
  created_at: Date | string;
  /** The sender's id for the message, when the sender gave one (a retry resends it). */
  client_id?: string | null;
}

export interface MessageView {
  id: string;
  job_id: string;
  sender_id: string;
  /** What this reader sees: the stored translation when the reader is the recipient and one was made. */
  content: string;
  /** The same as content (the spec names the field both ways). */
  message_text: string;
  original_content: string;
  created_at: string;
  is_from_current_user: boolean;
  was_translated: boolean;
  original_language: string;
  /** The sender's id for the message (to the sender only: the web app matches its pending copy by it). */
  client_id?: string;
}

/** One message for one reader. Pure: the translation was made once at send time; reading never translates. */
export function viewFor(readerId: string, m: StoredMessage): MessageView {
  const fromReader = m.sender_id === readerId;
  const translated = !fromReader && m.recipient_id === readerId && m.translated_content !== null;
  const content = translated ? (m.translated_content as string) : m.original_content;
  return {
    id: m.id,
    job_id: m.job_id,
    sender_id: m.sender_id,
    content,
    message_text: content,
    original_content: m.original_content,
    created_at: new Date(m.created_at).toISOString(),
    is_from_current_user: fromReader,
    was_translated: translated,
    original_language: m.original_language,
    ...(fromReader && m.client_id ? { client_id: m.client_id } : {}),
  };
}
