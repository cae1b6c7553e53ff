-- A fourth fault: another request holds the call's idempotency key (Stripe's 409 `idempotency_key_in_use`, which a
-- second click or a client's retry meets while the first request is still at Stripe).
alter table stripe_sandbox.faults drop constraint faults_mode_check;
alter table stripe_sandbox.faults
  add constraint faults_mode_check check (mode in ('500', 'timeout', 'lost_response', 'key_in_use'));
