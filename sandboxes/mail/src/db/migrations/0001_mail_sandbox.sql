-- The mail sandbox's own state (schema mail_sandbox; its own database `<base>_mail_sandbox` in real mode):
-- every mail its SMTP server took, parsed, newest last.
create table mail_sandbox.mails (
  seq bigserial primary key,
  message_id text,
  from_address text,
  -- every recipient's address (lower case, a JSON array): the envelope's RCPT TO, as the server received it
  to_addresses jsonb not null,
  subject text not null default '',
  text_body text,
  html_body text,
  -- the headers as they came, lower-case names (List-Unsubscribe, List-Unsubscribe-Post, Message-ID...)
  headers jsonb not null default '{}'::jsonb,
  sent_at timestamptz not null
);
create index mails_to_idx on mail_sandbox.mails using gin (to_addresses jsonb_path_ops);
