import { z } from 'zod';
import { LIMITS } from '../constants';
import { NumberLike, type RouteDoc } from '../common';

// ---------- entities (responses) ----------
export const UserRole = z.enum(['chef', 'restaurant']);

export const Message = z
  .object({
    id: z.string().uuid(),
    job_id: z.string().uuid(),
    sender_id: z.string().uuid(),
    /** What the signed-in reader sees: translated into their language_preference when a translation was made. */
    content: z.string(),
    /** Same as content (the spec names the field both ways). */
    message_text: z.string(),
    /** The text as the sender wrote it. */
    original_content: z.string(),
    created_at: z.string(),
    is_from_current_user: z.boolean(),
    /** true when content is a translation (shown as "Translated from {original_language}"). */
    was_translated: z.boolean(),
    /** The language the sender wrote in (en, es, or what the translator detected). */
    original_language: z.string(),
    /** The client id the sender sent it with, given back to the sender only (the web app's pending copy). */
    client_id: z.string().optional(),
  })
  .meta({ id: 'Message' });
export type Message = z.infer<typeof Message>;

export const Conversation = z
  .object({
    job_id: z.string().uuid(),
    /** The chef's latest application to the job (a conversation is one job and one chef). */
    application_id: z.string().uuid(),
    application_status: z.string(),
    chef_id: z.string().uuid(),
    restaurant_id: z.string().uuid(),
    job_title: z.string(),
    restaurant_name: z.string().nullable(),
    chef_name: z.string().nullable(),
    /** restaurant_name for chefs, chef_name for restaurants. */
    other_party_name: z.string().nullable(),
    latest_message: z.object({ content: z.string(), created_at: z.string() }).nullable(),
    unread_count: z.number().int().nonnegative(),
  })
  .meta({ id: 'Conversation' });
export type Conversation = z.infer<typeof Conversation>;

export const ConversationsResponse = z.object({ conversations: z.array(Conversation) });

export const ThreadResponse = z.object({
  messages: z.array(Message),
  /** The reader's side of the conversation. */
  user_role: UserRole,
  job_id: z.string().uuid(),
  chef_id: z.string().uuid(),
  application_id: z.string().uuid(),
});
export type ThreadResponse = z.infer<typeof ThreadResponse>;

export const SendMessageResponse = z.object({ message: Message, user_role: UserRole });

/** Which machine translator the messaging service uses, picked at start (Google key, Apertium APy, local apertium, none). */
export const TranslationProvider = z.enum(['google', 'apertium', 'none']);
export type TranslationProvider = z.infer<typeof TranslationProvider>;

export const TranslationStatusResponse = z
  .object({
    provider: TranslationProvider,
    /** Directions translated, `source-target`: ["en-es", "es-en"] when a translator is active, [] otherwise. */
    pairs: z.array(z.string()),
  })
  .meta({ id: 'TranslationStatusResponse' });
export type TranslationStatusResponse = z.infer<typeof TranslationStatusResponse>;

// ---------- requests ----------
export const MessageText = z
  .string({ error: 'Message cannot be empty' })
  .trim()
  .min(1, 'Message cannot be empty')
  .max(LIMITS.messageMax, `Message must be ${LIMITS.messageMax} characters or less`);

const ChefId = z.string().uuid('chef_id must be the id of a chef who applied to this job');

/**
 * The sender's own id for a message (a UUID the client makes): a retry with the same id never stores the message
 * twice; the answer is the message already stored.
 */
const ClientId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'client_id must be 1 to 64 letters, digits, - or _')
  .max(64, 'client_id must be 1 to 64 letters, digits, - or _')
  .optional();

export const ThreadQuery = z.object({
  /** Only messages after this point: an ISO date-time (created_at), or a message id (exact). */
  since: z.string().trim().min(1).max(64).optional(),
  /** At most this many messages (the newest when no since is given); default and maximum 500. */
  limit: NumberLike.pipe(z.number().int().min(1).max(500)).optional(),
});

/** For restaurants: which applicant's thread. Required when the job has several applicants. Chefs leave it out. */
export const JobThreadQuery = ThreadQuery.extend({ chef_id: ChefId.optional() });

export const SendJobMessageRequest = z
  .object({ content: MessageText, chef_id: ChefId.optional(), client_id: ClientId })
  .meta({ id: 'SendJobMessageRequest' });
export const SendApplicationMessageRequest = z
  .object({ message: MessageText, client_id: ClientId })
  .meta({ id: 'SendApplicationMessageRequest' });

export const messagingRoutes: RouteDoc[] = [
  {
    method: 'get',
    path: '/messages/translation',
    summary:
      'Which translator is active (google, apertium or none) and the language pairs it translates; the web app promises automatic translation only when one is',
    auth: 'user',
    response: TranslationStatusResponse,
  },
  {
    method: 'get',
    path: '/messages/conversations',
    summary:
      "The signed-in user's conversations with the latest message and unread count (ETag/If-None-Match -> 304)",
    auth: 'user',
    response: ConversationsResponse,
    conditional: true,
  },
  {
    method: 'get',
    path: '/messages/job/{jobId}',
    summary:
      "A job's thread for the reader (marks it read). Chefs: their thread with the restaurant. Restaurants: chef_id picks the applicant (optional when there is only one). since cursor; ETag/304",
    auth: 'user',
    query: JobThreadQuery,
    response: ThreadResponse,
    conditional: true,
  },
  {
    method: 'post',
    path: '/messages/job/{jobId}',
    summary:
      'Send a message in a job thread (restaurants: chef_id as for GET); translated once for the recipient',
    auth: 'user',
    body: SendJobMessageRequest,
    response: SendMessageResponse,
    status: 201,
  },
  {
    method: 'get',
    path: '/messages/application/{id}',
    summary: "One application's thread (marks it read); since cursor; ETag/304",
    auth: 'user',
    query: ThreadQuery,
    response: ThreadResponse,
    conditional: true,
  },
  {
    method: 'post',
    path: '/messages/application/{id}',
    summary: "Send a message in one application's thread",
    auth: 'user',
    body: SendApplicationMessageRequest,
    response: SendMessageResponse,
    status: 201,
  },
];
