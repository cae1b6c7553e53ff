-- Issue 18: the Stripe sandbox is a workspace of its own (sandboxes/stripe) with its own schema `stripe_sandbox`
-- (in real mode its own database). Its tables leave payments; an embedded installation's were copied into the
-- sandbox's schema by the sandbox's first migration, which runs before this one (the runner starts it first).
drop table if exists payments.sandbox_objects;
drop table if exists payments.sandbox_idempotency;
drop table if exists payments.sandbox_events;
drop table if exists payments.sandbox_faults;
drop table if exists payments.sandbox_fault_hits;
drop table if exists payments.sandbox_settings;
