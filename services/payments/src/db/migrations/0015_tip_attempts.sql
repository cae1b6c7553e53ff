-- Issue 38 (tips): a tip whose card did not pay may be given again; each attempt is its own off-session charge
-- with its own idempotency key (`tip:{applicationId}:charge`, then `...:charge:2`, ...). `attempted_at` is when
-- the current attempt began (the money-task runner re-drives an attempt left `charging` by a crash).
alter table payments.tips add column attempt integer not null default 1 check (attempt >= 1);
alter table payments.tips add column attempted_at timestamptz not null default now();
