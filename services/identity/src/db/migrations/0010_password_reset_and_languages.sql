-- Issue 32, "a way back in": every forgot-password request, kept under what was asked for (the sha256 of
-- `phone:+1...` or `email:...`, never the email itself), whether or not an account matched. The per-request
-- limit and the code's attempts are counted on these rows, so they answer the same for every phone and email.
-- The code is Twilio Verify's (the SMS sandbox's without keys), texted to the matched account's verified phone.
create table identity.password_resets (
  id bigserial primary key,
  lookup text not null,
  -- the account whose verified phone was texted; null when none matched (nothing was sent)
  user_id uuid references identity.users(id),
  phone text,
  attempts integer not null default 0,
  requested_at timestamptz not null default now(),
  used_at timestamptz
);
create index password_resets_lookup_idx on identity.password_resets (lookup, requested_at);
create index password_resets_user_idx on identity.password_resets (user_id) where used_at is null;

-- A reset code is a text to the phone like a verification code: it counts in the same 5 an hour per phone,
-- and a verification needs a code asked for as a verification.
alter table identity.phone_texts add column purpose text not null default 'verify';
alter table identity.phone_texts add constraint phone_texts_purpose_check check (purpose in ('verify', 'reset'));

-- Issue 32, "the owner sees who is coming": the languages a chef speaks (ISO 639-1), from the account's
-- language for the profiles made before.
alter table identity.chef_profiles add column languages text[] not null default '{}';
update identity.chef_profiles c
   set languages = array[u.language_preference]
  from identity.users u
 where u.id = c.user_id and c.languages = '{}';

-- The other services' read models learn what they did not keep before: jobs keeps members' verified phones
-- (from identity.user.registered.v1 / updated.v1) and each chef's languages (identity.chef_profile.updated.v1).
-- Both events are announced again for what exists; every consumer keeps the newest version of a record, so
-- the same facts again change nothing for them.
insert into identity.outbox (id, type, payload)
select gen_random_uuid(), 'identity.user.updated.v1',
       jsonb_build_object('user_id', id, 'phone', phone, 'phone_verified', true, 'user_type', user_type,
                          'language_preference', language_preference)
  from identity.users
 where phone_verified and user_type in ('chef', 'restaurant')
 order by created_at, id;

insert into identity.outbox (id, type, payload)
select gen_random_uuid(), 'identity.chef_profile.updated.v1',
       jsonb_build_object(
         'profile_id', c.id, 'user_id', c.user_id, 'name', c.name, 'bio', c.bio, 'city', c.city,
         'state', c.state, 'latitude', c.latitude, 'longitude', c.longitude, 'travel_radius', c.travel_radius,
         'skills', to_jsonb(c.skills), 'profile_image_url', c.profile_image_url,
         'hourly_rate_min', c.hourly_rate_min::float8,
         'average_rating', case when c.total_ratings > 0
                                then round(c.rating_sum::numeric / c.total_ratings, 2)::float8 end,
         'total_ratings', c.total_ratings, 'language_preference', u.language_preference,
         'languages', to_jsonb(c.languages))
  from identity.chef_profiles c
  join identity.users u on u.id = c.user_id
 order by c.created_at, c.id;
