-- Issue 17: the operator's job timeline shows the texts sent about a job. Each text names its job (from its
-- vars, as queued); texts about no job (none today) keep null.
alter table notifications.sms add column job_id uuid;
update notifications.sms set job_id = (vars->>'job_id')::uuid
  where vars ? 'job_id' and vars->>'job_id' ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
create index sms_job_idx on notifications.sms (job_id, created_at) where job_id is not null;
