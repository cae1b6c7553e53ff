import { bigint, integer, pgSchema, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Mirrors db/migrations (the SQL files are the source of truth for the database).
export const messaging = pgSchema('messaging');

export const jobs = messaging.table('jobs', {
  jobId: uuid('job_id').primaryKey(),
  restaurantId: uuid('restaurant_id').notNull(),
  title: text('title').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const participants = messaging.table('participants', {
  userId: uuid('user_id').primaryKey(),
  userType: text('user_type'),
  name: text('name'),
  nameAt: timestamp('name_at', { withTimezone: true }),
  language: text('language'),
  languageAt: timestamp('language_at', { withTimezone: true }),
});

export const applications = messaging.table('applications', {
  applicationId: uuid('application_id').primaryKey(),
  jobId: uuid('job_id').notNull(),
  chefId: uuid('chef_id').notNull(),
  restaurantId: uuid('restaurant_id').notNull(),
  status: text('status').notNull(),
  statusAt: timestamp('status_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const threads = messaging.table(
  'threads',
  {
    jobId: uuid('job_id').notNull(),
    chefId: uuid('chef_id').notNull(),
    restaurantId: uuid('restaurant_id').notNull(),
    applicationId: uuid('application_id').notNull(),
    applicationStatus: text('application_status').notNull(),
    statusAt: timestamp('status_at', { withTimezone: true }).notNull(),
    lastSeq: integer('last_seq').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    chefSent: integer('chef_sent').notNull().default(0),
    restaurantSent: integer('restaurant_sent').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // copies for the conversation list, kept by triggers (migration 0004)
    jobTitle: text('job_title'),
    chefName: text('chef_name'),
    restaurantName: text('restaurant_name'),
    lastMessageSeq: integer('last_message_seq'),
    lastSenderId: uuid('last_sender_id'),
    lastRecipientId: uuid('last_recipient_id'),
    lastOriginal: text('last_original'),
    lastTranslated: text('last_translated'),
    lastCreatedAt: timestamp('last_created_at', { withTimezone: true }),
    // every change a reader must be shown: a message written, a translation landed later (migration 0005)
    revision: bigint('revision', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.chefId] })],
);

export const messages = messaging.table('messages', {
  id: uuid('id').primaryKey(),
  jobId: uuid('job_id').notNull(),
  chefId: uuid('chef_id').notNull(),
  seq: integer('seq').notNull(),
  senderId: uuid('sender_id').notNull(),
  recipientId: uuid('recipient_id').notNull(),
  originalContent: text('original_content').notNull(),
  originalLanguage: text('original_language').notNull(),
  translatedContent: text('translated_content'),
  translatedLanguage: text('translated_language'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  writtenRev: bigint('written_rev', { mode: 'number' }),
  revisedRev: bigint('revised_rev', { mode: 'number' }),
  /** The sender's own id for the message (a retry resends it): unique per thread and sender (0006). */
  clientId: text('client_id'),
});

export const threadReads = messaging.table(
  'thread_reads',
  {
    jobId: uuid('job_id').notNull(),
    chefId: uuid('chef_id').notNull(),
    readerId: uuid('reader_id').notNull(),
    lastReadSeq: integer('last_read_seq').notNull().default(0),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
    otherRead: integer('other_read').notNull().default(0),
    otherReadSeq: integer('other_read_seq').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.chefId, t.readerId] })],
);

export const inboxes = messaging.table('inboxes', {
  userId: uuid('user_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

export const statementTranslations = messaging.table('statement_translations', {
  statementId: uuid('statement_id').primaryKey(),
  jobId: uuid('job_id').notNull(),
  authorId: uuid('author_id').notNull(),
  originalLanguage: text('original_language').notNull(),
  translatedText: text('translated_text'),
  translatedLanguage: text('translated_language').notNull(),
  provider: text('provider').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const textTranslations = messaging.table(
  'text_translations',
  {
    owner: text('owner').notNull(),
    kind: text('kind').notNull(),
    textId: uuid('text_id').notNull(),
    writtenAt: timestamp('written_at', { withTimezone: true }).notNull(),
    jobId: uuid('job_id'),
    text: text('text').notNull(),
    authorLanguage: text('author_language').notNull(),
    status: text('status').notNull(),
    originalLanguage: text('original_language'),
    translatedText: text('translated_text'),
    translatedLanguage: text('translated_language'),
    provider: text('provider'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.owner, t.kind, t.textId] })],
);

export const translationRetries = messaging.table(
  'translation_retries',
  {
    subject: text('subject').notNull(),
    key: text('key').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.subject, t.key] })],
);
