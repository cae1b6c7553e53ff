import {
  boolean,
  date,
  doublePrecision,
  integer,
  jsonb,
  pgSchema,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

// The drizzle view of src/db/migrations (the SQL files are the source of truth; queries are SQL templates).
// jobs.payout_accounts and jobs.list_versions are reached by raw SQL only and have no drizzle table here.
export const jobsSchema = pgSchema('jobs');
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const jobs = jobsSchema.table('jobs', {
  id: uuid('id').primaryKey(),
  restaurantId: uuid('restaurant_id').notNull(),
  title: text('title').notNull(),
  description: text('description'),
  startTime: ts('start_time').notNull(),
  endTime: ts('end_time').notNull(),
  hourlyRateCents: integer('hourly_rate_cents').notNull(),
  subtotalCents: integer('subtotal_cents').notNull(),
  feeCents: integer('fee_cents').notNull(),
  totalCents: integer('total_cents').notNull(),
  emergencyLevel: text('emergency_level').$type<'normal' | 'urgent'>().notNull(),
  requiredSkills: jsonb('required_skills').$type<string[]>().notNull(),
  /** Issue 39 (migration 0031) */
  requiredCredentials: jsonb('required_credentials').$type<string[]>().notNull(),
  notifyFavorites: jsonb('notify_favorites').$type<string[]>().notNull(),
  status: text('status').notNull(),
  paymentStatus: text('payment_status').notNull(),
  restaurantCheckoutCompleted: boolean('restaurant_checkout_completed').notNull(),
  chefCheckoutCompleted: boolean('chef_checkout_completed').notNull(),
  restaurantWorkCompleted: boolean('restaurant_work_completed'),
  chefWorkCompleted: boolean('chef_work_completed'),
  chefRating: smallint('chef_rating'),
  restaurantRating: smallint('restaurant_rating'),
  restaurantFeedback: text('restaurant_feedback'),
  chefFeedback: text('chef_feedback'),
  cancelledAt: ts('cancelled_at'),
  cancelledBy: text('cancelled_by').$type<'restaurant' | 'system'>(),
  cancelledLate: boolean('cancelled_late'),
  cancelledChefId: uuid('cancelled_chef_id'),
  cancelChefPayCents: integer('cancel_chef_pay_cents'),
  cancelFeeCents: integer('cancel_fee_cents'),
  cancelRefundCents: integer('cancel_refund_cents'),
  cancelReason: text('cancel_reason'),
  moneyReason: text('money_reason'),
  moneyChefPayCents: integer('money_chef_pay_cents'),
  moneyFeeCents: integer('money_fee_cents'),
  moneyRefundCents: integer('money_refund_cents'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const applications = jobsSchema.table('applications', {
  id: uuid('id').primaryKey(),
  jobId: uuid('job_id').notNull(),
  chefId: uuid('chef_id').notNull(),
  chefProfileId: uuid('chef_profile_id'),
  status: text('status').notNull(),
  workerConfirmed: boolean('worker_confirmed'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const favorites = jobsSchema.table('favorites', {
  id: uuid('id').primaryKey(),
  restaurantId: uuid('restaurant_id').notNull(),
  chefId: uuid('chef_id').notNull(),
  chefProfileId: uuid('chef_profile_id').notNull(),
  createdAt: ts('created_at').notNull(),
});

export const chefProfiles = jobsSchema.table('chef_profiles', {
  profileId: uuid('profile_id').primaryKey(),
  userId: uuid('user_id').notNull(),
  name: text('name').notNull(),
  bio: text('bio').notNull(),
  city: text('city'),
  state: text('state'),
  skills: jsonb('skills').$type<string[]>().notNull(),
  travelRadius: integer('travel_radius'),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  /** Issue 32: latitude/longitude are the chef's home (not their city's centre). */
  home: boolean('home').notNull().default(false),
  profileImageUrl: text('profile_image_url'),
  averageRating: doublePrecision('average_rating'),
  totalRatings: integer('total_ratings').notNull(),
  /** ISO 639-1 codes of the languages the chef speaks (issue 32) */
  languages: jsonb('languages').$type<string[]>().notNull(),
  /** Issue 37: the chef's weekly availability (null: unknown, counts as available) */
  availability: jsonb('availability'),
  sourceOccurredAt: ts('source_occurred_at').notNull(),
  /** ADR 43: the time of the newest event (profile or rating) whose figures the two rating columns hold */
  ratingOccurredAt: ts('rating_occurred_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/** Read model of identity's users: each chef's and restaurant's verified phone (null while unverified). */
export const userPhones = jobsSchema.table('user_phones', {
  userId: uuid('user_id').primaryKey(),
  phone: text('phone'),
  sourceOccurredAt: ts('source_occurred_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const restaurantProfiles = jobsSchema.table('restaurant_profiles', {
  profileId: uuid('profile_id').primaryKey(),
  userId: uuid('user_id').notNull(),
  name: text('name').notNull(),
  address: text('address').notNull(),
  city: text('city').notNull(),
  state: text('state').notNull(),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  zip: text('zip'),
  /** Issue 34 (migration 0012): latitude/longitude are the owner's pin, not a ZIP's or city's centre. */
  locationPinned: boolean('location_pinned').notNull().default(false),
  logoUrl: text('logo_url'),
  cuisineTypes: jsonb('cuisine_types').$type<string[]>().notNull(),
  averageRating: doublePrecision('average_rating'),
  totalRatings: integer('total_ratings').notNull(),
  sourceOccurredAt: ts('source_occurred_at').notNull(),
  /** ADR 43: the time of the newest event (profile or rating) whose figures the two rating columns hold */
  ratingOccurredAt: ts('rating_occurred_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const reliabilityRecords = jobsSchema.table('reliability_records', {
  /** Issue 39 (migration 0033): the mark's id in the API */
  id: uuid('id').notNull(),
  userId: uuid('user_id').notNull(),
  userType: text('user_type').$type<'chef' | 'restaurant'>().notNull(),
  kind: text('kind').notNull(),
  jobId: uuid('job_id').notNull(),
  seatNo: integer('seat_no').notNull(),
  occurredAt: ts('occurred_at').notNull(),
  /** Issue 39: removed on appeal (null: it counts) */
  removedAt: ts('removed_at'),
});

export const calendarFeeds = jobsSchema.table('calendar_feeds', {
  userId: uuid('user_id').primaryKey(),
  userType: text('user_type').$type<'chef' | 'restaurant'>().notNull(),
  token: text('token').notNull(),
  language: text('language').$type<'en' | 'es'>().notNull(),
  createdAt: ts('created_at').notNull(),
});

export const invitations = jobsSchema.table('invitations', {
  jobId: uuid('job_id').notNull(),
  chefId: uuid('chef_id').notNull(),
  chefProfileId: uuid('chef_profile_id').notNull(),
  restaurantId: uuid('restaurant_id').notNull(),
  invitedAt: ts('invited_at').notNull(),
});

export const shiftTemplates = jobsSchema.table('shift_templates', {
  id: uuid('id').primaryKey(),
  restaurantId: uuid('restaurant_id').notNull(),
  name: text('name').notNull(),
  title: text('title').notNull(),
  startTime: text('start_time').notNull(),
  endTime: text('end_time').notNull(),
  hourlyRateCents: integer('hourly_rate_cents').notNull(),
  headcount: integer('headcount').notNull(),
  breakMinutes: integer('break_minutes').notNull(),
  description: text('description'),
  requiredSkills: jsonb('required_skills').$type<string[]>().notNull(),
  /** Issue 39 (migration 0031) */
  requiredCredentials: jsonb('required_credentials').$type<string[]>().notNull(),
  createdAt: ts('created_at').notNull(),
});

/**
 * Issue 35: direct offers of a shift to a chef (0017_offers.sql); the pending ones indexed by their end for the
 * rules loop's expiry (0020_offer_expiry.sql).
 */
export const offers = jobsSchema.table('offers', {
  id: uuid('id').primaryKey(),
  jobId: uuid('job_id').notNull(),
  restaurantId: uuid('restaurant_id').notNull(),
  chefId: uuid('chef_id').notNull(),
  chefProfileId: uuid('chef_profile_id').notNull(),
  status: text('status')
    .$type<'pending' | 'accepted' | 'declined' | 'expired' | 'taken' | 'withdrawn'>()
    .notNull(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  answeredAt: ts('answered_at'),
  applicationId: uuid('application_id'),
});

/** Read model of identity's suspensions (0017_offers.sql): a suspended chef is offered nothing. */
export const suspendedUsers = jobsSchema.table('suspended_users', {
  userId: uuid('user_id').primaryKey(),
  suspendedAt: ts('suspended_at').notNull(),
  sourceOccurredAt: ts('source_occurred_at').notNull(),
});

/** Issue 35 (ADR 0031): each edit of a posted shift, with its shapes and what it moves (0021_job_edits.sql). */
export const jobEdits = jobsSchema.table('job_edits', {
  id: uuid('id').primaryKey(),
  jobId: uuid('job_id').notNull(),
  before: jsonb('before').notNull(),
  after: jsonb('after').notNull(),
  chargeCents: integer('charge_cents').notNull(),
  refundCents: integer('refund_cents').notNull(),
  status: text('status').$type<'charging' | 'applied' | 'declined' | 'dropped'>().notNull(),
  code: text('code'),
  /** Issue 37 (0028_boost_edits.sql): 'boost' when the restaurant boosted the rate of an unfilled shift */
  kind: text('kind').$type<'edit' | 'boost'>().notNull(),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/** Issue 35: a booked chef's answer to an edit, while it is due (0021_job_edits.sql). */
export const editAnswers = jobsSchema.table('edit_answers', {
  applicationId: uuid('application_id').primaryKey(),
  jobId: uuid('job_id').notNull(),
  editId: uuid('edit_id').notNull(),
  before: jsonb('before').notNull(),
  after: jsonb('after').notNull(),
  answerBy: ts('answer_by').notNull(),
  createdAt: ts('created_at').notNull(),
});

/** Issue 35 (migration 0022): repeats and weekly series; jobs.jobs has series_id and occurrence_date too. */
export const jobSeries = jobsSchema.table('job_series', {
  id: uuid('id').primaryKey(),
  restaurantId: uuid('restaurant_id').notNull(),
  kind: text('kind').$type<'weekly' | 'dates'>().notNull(),
  title: text('title').notNull(),
  startTime: text('start_time').notNull(),
  endTime: text('end_time').notNull(),
  hourlyRateCents: integer('hourly_rate_cents').notNull(),
  headcount: integer('headcount').notNull(),
  breakMinutes: integer('break_minutes').notNull(),
  description: text('description'),
  requiredSkills: jsonb('required_skills').$type<string[]>().notNull(),
  /** Issue 39 (migration 0031) */
  requiredCredentials: jsonb('required_credentials').$type<string[]>().notNull(),
  language: text('language').$type<'en' | 'es'>().notNull(),
  weekdays: jsonb('weekdays').$type<string[]>().notNull(),
  fromDate: date('from_date').notNull(),
  untilDate: date('until_date').notNull(),
  status: text('status').$type<'active' | 'stopped'>().notNull(),
  sourceJobId: uuid('source_job_id'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const seriesOccurrences = jobsSchema.table('series_occurrences', {
  seriesId: uuid('series_id').notNull(),
  date: date('date').notNull(),
  startTime: ts('start_time').notNull(),
  endTime: ts('end_time').notNull(),
  status: text('status').$type<'scheduled' | 'posted' | 'payment_needed' | 'skipped'>().notNull(),
  jobId: uuid('job_id'),
  chargeAt: ts('charge_at').notNull(),
});

/**
 * Issue 39 (0031_credentials.sql): jobs' read model of chefs' verified credentials (identity's events); one
 * counts until 00:00 of its expires_on day in its chef's city's zone.
 */
export const chefCredentials = jobsSchema.table('chef_credentials', {
  credentialId: uuid('credential_id').primaryKey(),
  chefId: uuid('chef_id').notNull(),
  type: text('type').notNull(),
  expiresOn: date('expires_on').notNull(),
  status: text('status').$type<'verified' | 'revoked'>().notNull(),
  recordedAt: ts('recorded_at').notNull(),
});
