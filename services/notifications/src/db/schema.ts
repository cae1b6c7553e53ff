import {
  bigserial,
  boolean,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

// Drizzle view of the tables created by migrations/0001_notifications.sql (the SQL is the source of truth).
export const notifications = pgSchema('notifications');
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const recipients = notifications.table('recipients', {
  userId: uuid('user_id').primaryKey(),
  userType: text('user_type').notNull(),
  phone: text('phone'),
  phoneVerified: boolean('phone_verified').notNull(),
  language: text('language').notNull(),
  profileId: uuid('profile_id'),
  name: text('name'),
  city: text('city'),
  address: text('address'),
  updatedAt: ts('updated_at').notNull(),
});

export const preferences = notifications.table('preferences', {
  userId: uuid('user_id').primaryKey(),
  smsNotifications: boolean('sms_notifications').notNull(),
  jobReminders: boolean('job_reminders').notNull(),
  ratingReminders: boolean('rating_reminders').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const jobs = notifications.table('jobs', {
  jobId: uuid('job_id').primaryKey(),
  restaurantId: uuid('restaurant_id').notNull(),
  title: text('title').notNull(),
  startTime: ts('start_time').notNull(),
  endTime: ts('end_time').notNull(),
  hourlyRateCents: integer('hourly_rate_cents'),
  emergencyLevel: text('emergency_level').notNull(),
  cancelled: boolean('cancelled').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const applications = notifications.table('applications', {
  applicationId: uuid('application_id').primaryKey(),
  jobId: uuid('job_id').notNull(),
  chefId: uuid('chef_id').notNull(),
  restaurantId: uuid('restaurant_id').notNull(),
  status: text('status').notNull(),
  chefCheckedOut: boolean('chef_checked_out').notNull(),
  restaurantCheckedOut: boolean('restaurant_checked_out').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const sms = notifications.table('sms', {
  seq: bigserial('seq', { mode: 'number' }).primaryKey(),
  id: uuid('id').notNull().unique(),
  dedupeKey: text('dedupe_key').notNull().unique(),
  recipientId: uuid('recipient_id').notNull(),
  template: text('template').notNull(),
  vars: jsonb('vars').notNull(),
  jobId: uuid('job_id'),
  priority: integer('priority').notNull(),
  status: text('status').notNull(),
  suppressReason: text('suppress_reason'),
  toPhone: text('to_phone'),
  language: text('language'),
  body: text('body'),
  provider: text('provider'),
  providerId: text('provider_id'),
  attempts: integer('attempts').notNull(),
  nextAttemptAt: ts('next_attempt_at').notNull(),
  lockedUntil: ts('locked_until'),
  lastError: text('last_error'),
  createdAt: ts('created_at').notNull(),
  sentAt: ts('sent_at'),
});

export const reminders = notifications.table('reminders', {
  id: uuid('id').primaryKey(),
  kind: text('kind').notNull(),
  reminderKey: text('reminder_key').notNull().unique(),
  recipientId: uuid('recipient_id').notNull(),
  jobId: uuid('job_id').notNull(),
  applicationId: uuid('application_id'),
  chefId: uuid('chef_id'),
  otherId: uuid('other_id'),
  messageAt: ts('message_at'),
  dueAt: ts('due_at').notNull(),
  status: text('status').notNull(),
  dropReason: text('drop_reason'),
  createdAt: ts('created_at').notNull(),
  processedAt: ts('processed_at'),
});

export const threads = notifications.table(
  'threads',
  {
    jobId: uuid('job_id').notNull(),
    chefId: uuid('chef_id').notNull(),
    participantId: uuid('participant_id').notNull(),
    lastMessageAt: ts('last_message_at'),
    lastReadAt: ts('last_read_at'),
    lastTextedAt: ts('last_texted_at'),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.chefId, t.participantId] })],
);
