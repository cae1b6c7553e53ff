create table identity.users (
  id uuid primary key,
  email text not null unique,
  phone text not null,
  password_hash text not null,
  user_type text not null check (user_type in ('chef', 'restaurant')),
  language_preference text not null default 'en' check (language_preference in ('en', 'es')),
  phone_verified boolean not null default false,
  stripe_account_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index users_phone_idx on identity.users (phone);

-- A session is one sign-in: a family of refresh tokens, each used once.
create table identity.sessions (
  id uuid primary key,
  user_id uuid not null references identity.users(id),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  revoked_reason text
);
create index sessions_user_idx on identity.sessions (user_id);

create table identity.refresh_tokens (
  token_hash text primary key,
  session_id uuid not null references identity.sessions(id),
  created_at timestamptz not null default now(),
  used_at timestamptz
);
create index refresh_tokens_session_idx on identity.refresh_tokens (session_id);

create table identity.signing_keys (
  kid text primary key,
  private_jwk jsonb not null,
  public_jwk jsonb not null,
  created_at timestamptz not null default now()
);

-- The sandbox SMS provider's state (Twilio Verify keeps this itself in production).
create table identity.verification_codes (
  phone text primary key,
  code_hash text not null,
  expires_at timestamptz not null,
  failed_attempts integer not null default 0,
  created_at timestamptz not null default now()
);
create table identity.sandbox_sms (
  id bigserial primary key,
  to_phone text not null,
  body text not null,
  sent_at timestamptz not null default now()
);

create table identity.uploads (
  id uuid primary key,
  owner_id uuid not null references identity.users(id),
  content_type text not null,
  bytes bytea not null,
  created_at timestamptz not null default now()
);

create table identity.restaurant_profiles (
  id uuid primary key,
  user_id uuid not null unique references identity.users(id),
  name text not null,
  description text not null,
  address text not null,
  city text not null,
  state text not null,
  zip text,
  latitude double precision not null,
  longitude double precision not null,
  operating_hours jsonb not null,
  cuisine_types text[] not null,
  logo_url text,
  rating_sum integer not null default 0,
  total_ratings integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table identity.chef_profiles (
  id uuid primary key,
  user_id uuid not null unique references identity.users(id),
  name text not null,
  bio text not null,
  city text not null,
  state text not null,
  latitude double precision not null,
  longitude double precision not null,
  travel_radius integer not null,
  skills text[] not null,
  availability jsonb not null,
  profile_image_url text,
  hourly_rate_min numeric(8, 2),
  rating_sum integer not null default 0,
  total_ratings integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index chef_profiles_skills_idx on identity.chef_profiles using gin (skills);
create index chef_profiles_city_idx on identity.chef_profiles (city);

create table identity.agreements (
  id uuid primary key,
  user_id uuid not null references identity.users(id),
  agreement_type text not null,
  version text not null,
  accepted_at timestamptz not null default now(),
  unique (user_id, agreement_type, version)
);

-- Ratings already counted (one per checkout and side), so a replayed event never counts twice.
create table identity.ratings (
  job_id uuid not null,
  side text not null,
  ratee_id uuid not null,
  rating integer not null,
  created_at timestamptz not null default now(),
  primary key (job_id, side)
);
