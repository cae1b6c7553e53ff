import type { EventData, EventType } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { recordApplication, recordJob, type ApplicationStatus } from '../db/read-model.repository';
import type { TemplateName } from '../domain/rules';
import { applicationVars, jobFactsOf } from '../domain/text-vars';
import { queueSms } from './queue-sms';
import { dropReminders, rescheduleJobReminders, scheduleShiftReminders } from './reminders';

/** The events that move an application's status: every `jobs.application.*` event but an edit's answer. */
export type ApplicationEvent = Exclude<
  Extract<EventType, `jobs.application.${string}`>,
  'jobs.application.edit_answered.v1'
>;

/** What one application event does: the status it records, the text it sends and to whom, and what else. */
interface ApplicationText<T extends ApplicationEvent> {
  status: ApplicationStatus;
  /** the template, also the dedupe key's head (`<template>:<application_id>`) and a dropped reminder's reason */
  template: TemplateName;
  to: 'chef' | 'restaurant';
  /** the application is over: its pending reminders are dropped (before any text) */
  dropsReminders?: true;
  /** variables beyond `applicationVars` */
  vars?: (d: EventData<T>) => Record<string, unknown>;
  /** no text for this event (its reminders are still dropped) */
  silentWhen?: (d: EventData<T>) => boolean;
  /** reminders planned or moved after the text */
  then?: (ctx: NotificationsContext, tx: Tx, d: EventData<T>) => Promise<void>;
}

/** The table: every application event, its status and its text. */
const APPLICATION_TEXTS: { [T in ApplicationEvent]: ApplicationText<T> } = {
  // A chef applied: the restaurant is texted; the job's reminders move to its times as recorded.
  'jobs.application.submitted.v1': {
    status: 'pending',
    template: 'application_submitted',
    to: 'restaurant',
    then: (ctx, tx, d) => rescheduleJobReminders(ctx, tx, d.job_id),
  },
  // The restaurant accepted a chef: the chef is texted to confirm.
  'jobs.application.accepted.v1': { status: 'accepted', template: 'application_accepted', to: 'chef' },
  // The restaurant rejected a chef: the chef is told.
  'jobs.application.rejected.v1': { status: 'rejected', template: 'application_rejected', to: 'chef' },
  // The chef confirmed: the restaurant is told, and both sides' job and rating reminders are planned.
  'jobs.application.confirmed.v1': {
    status: 'confirmed',
    template: 'application_confirmed',
    to: 'restaurant',
    then: async (ctx, tx, d) => {
      await scheduleShiftReminders(ctx, tx, d);
      // every pending reminder of the job (these included) at the job's times as recorded: a confirmation
      // handled after an edit of the shift (issue 35) carries the times of before
      await rescheduleJobReminders(ctx, tx, d.job_id);
    },
  },
  // The chef declined an acceptance: the restaurant is told (the job reopens).
  'jobs.application.declined.v1': {
    status: 'declined',
    template: 'application_declined',
    to: 'restaurant',
    dropsReminders: true,
  },
  // The chef cancelled (or Brigade did, `cancelled_by: system`, when an operator suspended them): the
  // restaurant is told (a confirmed shift that reopens, and whether it was late, as it counts on the chef's
  // record).
  'jobs.application.cancelled.v1': {
    status: 'cancelled',
    template: 'application_cancelled',
    to: 'restaurant',
    dropsReminders: true,
    vars: (d) => ({
      was_accepted: d.was_accepted,
      was_confirmed: d.was_confirmed,
      late: d.late,
      cancelled_by: d.cancelled_by,
      missed_reconfirmation: d.reason === 'missed_reconfirmation',
    }),
    // Issue 35: a chef who left after the restaurant's edit is told by jobs.application.edit_answered.v1
    // (`edit_declined_restaurant`, textEditAnswered), not as a cancellation announced as urgent.
    // Issue 37: applications withdrawn by a block (`blocked`) are told to nobody: neither side learns of a block.
    silentWhen: (d) => d.reason === 'edit_declined' || d.reason === 'blocked',
    // Issue 37: a chef whose seat was released for a missed reconfirmation is told too.
    then: async (ctx, tx, d) => {
      if (d.reason !== 'missed_reconfirmation') return;
      await queueSms(ctx, tx, {
        recipientId: d.chef_id,
        template: 'reconfirm_released_chef',
        vars: applicationVars(d),
        dedupeKey: `reconfirm_released_chef:${d.application_id}`,
      });
    },
  },
};

/**
 * Any application event: the job and the application's status are recorded, the side the table names is
 * texted once per application and event, and the reminders follow (dropped when the application is over,
 * planned when it is confirmed).
 */
export async function textApplication<T extends ApplicationEvent>(
  ctx: NotificationsContext,
  tx: Tx,
  type: T,
  d: EventData<T>,
): Promise<void> {
  const row: ApplicationText<T> = APPLICATION_TEXTS[type];
  await recordJob(ctx.database, tx, jobFactsOf(d));
  await recordApplication(ctx.database, tx, d, row.status);
  if (row.dropsReminders) await dropReminders(ctx, tx, { applicationId: d.application_id }, row.template);
  if (!row.silentWhen?.(d)) {
    await queueSms(ctx, tx, {
      recipientId: row.to === 'chef' ? d.chef_id : d.restaurant_id,
      template: row.template,
      vars: { ...applicationVars(d), ...row.vars?.(d) },
      dedupeKey: `${row.template}:${d.application_id}`,
    });
  }
  await row.then?.(ctx, tx, d);
}
