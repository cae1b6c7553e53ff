-- Issue 17: dispute statements translated for the operator (jobs.dispute.statement_added.v1). One row per
-- statement: a redelivered or duplicated event translates and publishes once.
create table messaging.statement_translations (
  statement_id uuid primary key,
  job_id uuid not null,
  author_id uuid not null,
  original_language text not null,
  translated_text text,
  translated_language text not null,
  provider text not null,
  created_at timestamptz not null default now()
);
create index statement_translations_job_idx on messaging.statement_translations (job_id);

-- The operator reads every message of a job's threads, oldest first.
create index messages_job_created_idx on messaging.messages (job_id, created_at, seq);
