-- Issue 18: the SMS sandbox is its own workspace (sandboxes/sms) reached through the Twilio SDK like Twilio Verify,
-- which keeps the codes. Identity's sandbox tables (a pending code per account, the dev outbox) go.
drop table if exists identity.sandbox_sms;
drop table if exists identity.verification_codes;
