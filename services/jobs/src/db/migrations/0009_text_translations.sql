-- Issue 32: what one side writes for the other is translated like messages. Messaging translates each text
-- (jobs.text.written.v1 -> messaging.text.translated.v1) and jobs keeps the translation beside it, as
-- { written_at, language, translated_text, translated_language }: written_at names the version translated,
-- language is the writer's (the writer's preference until messaging detects it), translated_text is null
-- until the translation lands (or when the text is not translated).
alter table jobs.jobs
  add column description_translation jsonb,   -- the job's description
  add column cancel_reason_translation jsonb; -- the restaurant's reason for cancelling
alter table jobs.disputes
  add column note_translation jsonb;          -- the operator's note on the decision
