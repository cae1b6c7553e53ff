-- Issue 32: a translation that failed or timed out is retried in the background until it lands, and the
-- reader sees it appear; other services' texts (a job's description, a cancellation reason, a dispute note, a
-- restaurant's description) are translated like messages.

-- A thread's revision moves with every change a reader must be shown: each message written, and each
-- translation that lands after its message. The thread's ETag carries it, and a poll after a message also
-- answers the older messages revised since that one was written.
alter table messaging.threads add column revision bigint not null default 0;
alter table messaging.messages
  add column written_rev bigint,   -- the thread's revision when the message was written
  add column revised_rev bigint;   -- the thread's revision when its translation landed later (null: never)
create index messages_revised_idx on messaging.messages (job_id, chef_id, revised_rev) where revised_rev is not null;

-- The texts of other services messaging translates for them, one row per (owner, kind, id): the version
-- (written_at) being translated, and its outcome. pending: waiting for the machine (a retry is queued);
-- done: `messaging.text.translated.v1` (or, for dispute statements, `messaging.statement.translated.v1`) was
-- published for that version.
create table messaging.text_translations (
  owner text not null,
  kind text not null,
  text_id uuid not null,
  written_at timestamptz not null,
  job_id uuid,
  text text not null,
  author_language text not null check (author_language in ('en', 'es')),
  status text not null check (status in ('pending', 'done')),
  original_language text,
  translated_text text,
  translated_language text,
  provider text,
  updated_at timestamptz not null default now(),
  primary key (owner, kind, text_id)
);

-- Translations waiting for the machine: a message (key: its id) or a text (key: owner/kind/id). Picked up
-- when due by any instance's retry loop (FOR UPDATE SKIP LOCKED), with backoff between attempts.
create table messaging.translation_retries (
  subject text not null check (subject in ('message', 'text')),
  key text not null,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null,
  last_error text,
  created_at timestamptz not null default now(),
  primary key (subject, key)
);
create index translation_retries_due_idx on messaging.translation_retries (next_attempt_at);

-- Dispute statements translated before this migration (statement_translations, which the previous release
-- still writes during a rolling update) count as done, so a redelivered statement is not translated twice.
insert into messaging.text_translations
  (owner, kind, text_id, written_at, job_id, text, author_language, status, original_language, translated_text,
   translated_language, provider, updated_at)
select 'jobs', 'dispute_statement', s.statement_id, s.created_at, s.job_id, '', s.original_language, 'done',
       s.original_language, s.translated_text, s.translated_language, s.provider, s.created_at
  from messaging.statement_translations s
 where s.original_language in ('en', 'es')
on conflict do nothing;
