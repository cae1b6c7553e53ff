-- Issue 39: reviews both sides can read. A checkout that says the shift was worked writes the side's rating and
-- words as a review of the other side (one per job, seat and side). It is published double-blind: when the
-- other side of the seat reviewed too, or REVIEW_PUBLISH_AFTER after the shift's end (the rules loop); until then
-- only its author reads it. The reviewed side may reply once; an operator may hide it (out of lists and averages).
create table jobs.reviews (
  id uuid primary key,
  job_id uuid not null references jobs.jobs (id),
  seat_no integer not null check (seat_no between 1 and 20),
  application_id uuid not null references jobs.applications (id),
  author_side text not null check (author_side in ('chef', 'restaurant')),
  author_id uuid not null,
  subject_id uuid not null,
  rating smallint not null check (rating between 1 and 5),
  -- the words as written (null: stars only), in the author's language, and their translation when it lands
  text text,
  language text not null default 'en' check (language in ('en', 'es')),
  text_translation jsonb,
  -- a restaurant's review of a chef only: contracts' REVIEW_TAGS
  tags jsonb not null default '[]'::jsonb,
  -- the shift's end: the review is published REVIEW_PUBLISH_AFTER after it when the other side never reviews
  shift_end timestamptz not null,
  created_at timestamptz not null default now(),
  published_at timestamptz,
  publish_reason text check (publish_reason in ('both_reviewed', 'window_ended')),
  hidden_at timestamptz,
  hidden_reason text,
  hidden_by uuid,
  -- the reviewed side's one reply
  reply_text text,
  reply_language text check (reply_language in ('en', 'es')),
  reply_translation jsonb,
  replied_at timestamptz,
  unique (job_id, seat_no, author_side)
);
-- a profile's published reviews, newest first
create index reviews_subject_published_idx on jobs.reviews (subject_id, published_at desc, id desc)
  where published_at is not null and hidden_at is null;
-- the rules loop: reviews whose window ends first
create index reviews_due_idx on jobs.reviews (shift_end) where published_at is null and hidden_at is null;
-- the console: reviews a user wrote
create index reviews_author_idx on jobs.reviews (author_id, created_at desc);

-- Whether each rating on a seat is public (its review published and not hidden): the job answers show the other
-- side's rating only then (the author always reads their own).
alter table jobs.seats
  add column chef_rating_public boolean not null default false,
  add column restaurant_rating_public boolean not null default false;

-- Ratings given before this change were shown to both sides already and counted in identity's averages: they
-- become published reviews (stars only; the words were written when they were never shown, and stay private).
insert into jobs.reviews (id, job_id, seat_no, application_id, author_side, author_id, subject_id, rating,
  shift_end, created_at, published_at)
select gen_random_uuid(), s.job_id, s.seat_no, s.application_id, 'restaurant', j.restaurant_id, a.chef_id,
  s.chef_rating, j.end_time, coalesce(s.restaurant_checked_out_at, j.end_time),
  coalesce(s.restaurant_checked_out_at, j.end_time)
  from jobs.seats s
  join jobs.jobs j on j.id = s.job_id
  join jobs.applications a on a.id = s.application_id
 where s.chef_rating is not null;
insert into jobs.reviews (id, job_id, seat_no, application_id, author_side, author_id, subject_id, rating,
  shift_end, created_at, published_at)
select gen_random_uuid(), s.job_id, s.seat_no, s.application_id, 'chef', a.chef_id, j.restaurant_id,
  s.restaurant_rating, j.end_time, coalesce(s.chef_checked_out_at, j.end_time),
  coalesce(s.chef_checked_out_at, j.end_time)
  from jobs.seats s
  join jobs.jobs j on j.id = s.job_id
  join jobs.applications a on a.id = s.application_id
 where s.restaurant_rating is not null;
update jobs.seats s set chef_rating_public = true
  from jobs.reviews r
 where r.job_id = s.job_id and r.seat_no = s.seat_no and r.author_side = 'restaurant';
update jobs.seats s set restaurant_rating_public = true
  from jobs.reviews r
 where r.job_id = s.job_id and r.seat_no = s.seat_no and r.author_side = 'chef';
