import {
  notFound,
  evidenceClock,
  evidenceDate,
  evidenceEntries,
  evidenceMoney,
  evidenceTime,
} from '@brigade/kit';
import type { EvidenceEntry } from '@brigade/kit';
import { timeZoneOfCity } from '@brigade/contracts';
import type { JobsContext } from '../context';
import { allDisputesOf, disputeKey, statementsOf } from '../db/disputes.repository';
import { findJob } from '../db/jobs.repository';
import { restaurantPlace } from '../db/read-models.repository';
import { seatsWithChefs } from '../db/seats.repository';
import { timesheetEventsOfJob, timesheetsOfJob } from '../db/timesheets.repository';

const SERVICE = 'jobs';

const yesNo = (v: boolean | null) => (v === null ? 'no answer' : v ? 'yes' : 'no');
const hours = (minutes: number) => `${(minutes / 60).toFixed(2).replace(/\.?0+$/, '')} hours`;

const WHO: Record<string, string> = {
  chef: 'the chef',
  restaurant: 'the restaurant',
  operator: 'a Brigade operator',
  system: 'Brigade automatically',
};

const EVENT_WORDS: Record<string, string> = {
  clock_in: 'Clock-in',
  clock_out: 'Clock-out',
  auto_clock_out: 'Automatic clock-out (the chef did not clock out)',
  running_late: 'Running late',
  adjusted: 'Hours adjusted',
  accepted: 'Adjusted hours accepted',
  approved: 'Timesheet approved',
  auto_approved: 'Timesheet approved automatically (no answer within the approval window)',
  disputed: 'Hours disputed',
  resolved: 'Hours dispute decided',
  sent_home: 'Chef sent home',
  no_show: 'Reported as a no-show',
};

/**
 * A checkout's rating and words as the evidence says them (issue 39): a worked checkout's are its review, told
 * only once published (the evidence may reach the other side's bank: double-blind holds); a "not worked"
 * answer's words are no review and are told as they are.
 */
function ratingWords(
  of: 'chef' | 'restaurant',
  rating: number | null,
  isPublic: boolean,
  feedback: string | null,
): string {
  if (rating === null) return `Rating of the ${of}: none.${feedback ? ` Feedback: ${feedback}` : ''}`;
  if (!isPublic) return `Rating of the ${of}: not public (unpublished or hidden).`;
  return `Rating of the ${of}: ${rating} of 5.${feedback ? ` Feedback: ${feedback}` : ''}`;
}

/**
 * Issue 38: jobs' part of a job's evidence for a card dispute, from its own records: the shift as booked
 * (product_description, service_date), the clock events and both sides' checkout answers (access_activity_log),
 * and the timesheets with their adjustments, approvals and hours disputes (service_documentation). Times are
 * the restaurant's local time. `restaurantId` (the dispute's): the job must be that restaurant's, else a 404.
 */
export async function evidenceOfJob(
  ctx: JobsContext,
  jobId: string,
  restaurantId?: string,
): Promise<EvidenceEntry[]> {
  const job = await findJob(ctx.database, jobId);
  if (!job || (restaurantId !== undefined && job.restaurant_id !== restaurantId))
    throw notFound('No such job', 'OPS.JOB_NOT_FOUND');
  const [place, seats, sheets, events, disputes] = await Promise.all([
    restaurantPlace(ctx.database, job.restaurant_id),
    seatsWithChefs(ctx.database, jobId),
    timesheetsOfJob(ctx.database, jobId),
    timesheetEventsOfJob(ctx.database, jobId),
    allDisputesOf(ctx.database, [jobId]),
  ]);
  const statements = await statementsOf(ctx.database, [jobId]);
  const zone = timeZoneOfCity(place?.city);
  const t = (at: Date) => evidenceTime(at, zone);
  const chefOf = (seatNo: number) => {
    const seat = seats.find((s) => s.seat_no === seatNo);
    return seat?.chef_name ? `${seat.chef_name} (seat ${seatNo})` : `the chef of seat ${seatNo}`;
  };
  const seatOfApp = (applicationId: string) => seats.find((s) => s.application_id === applicationId);
  const restaurantName = place?.name ?? 'the restaurant';
  const address = place
    ? [place.address, place.city, [place.state, place.zip].filter(Boolean).join(' ')]
        .filter(Boolean)
        .join(', ')
    : 'address not on record';
  const scheduled = Math.round((job.end_time.getTime() - job.start_time.getTime()) / 60_000);
  const booked = seats.filter((s) => s.chef_id);
  const entries: EvidenceEntry[] = [];

  entries.push(
    ...evidenceEntries(
      {
        section: 'product_description',
        service: SERVICE,
        title: 'The shift as booked',
        at: job.created_at.toISOString(),
      },
      [
        `Service: a ${job.title} shift booked through Brigade, a marketplace for restaurant shifts, by ${restaurantName}, ${address}.`,
        `Posted on ${t(job.created_at)}.`,
        `Scheduled from ${t(job.start_time)} to ${t(job.end_time)} (${hours(scheduled)}), with an unpaid break of ${job.break_minutes} minutes.`,
        `Hourly rate: ${evidenceMoney(job.hourly_rate_cents)}. Chefs asked for: ${job.headcount}.`,
        `Amount charged to the restaurant's card when posting: ${evidenceMoney(job.total_cents)} (chef pay ${evidenceMoney(job.subtotal_cents)} plus Brigade's booking fee ${evidenceMoney(job.fee_cents)}).`,
        ...(job.description ? [`Description given by the restaurant: ${job.description}`] : []),
        booked.length > 0
          ? `Chefs booked: ${booked.map((s) => `${s.chef_name ?? 'a chef'} (seat ${s.seat_no}, ${s.status})`).join('; ')}.`
          : 'No chef was booked.',
        ...(job.cancelled_at
          ? [
              `Cancelled on ${t(job.cancelled_at)} by ${job.cancelled_by === 'system' ? 'Brigade' : 'the restaurant'}${job.cancel_reason ? `: ${job.cancel_reason}` : ''}.`,
            ]
          : []),
      ],
    ),
  );

  entries.push(
    ...evidenceEntries(
      {
        section: 'service_date',
        service: SERVICE,
        title: 'Date of the shift',
        at: job.start_time.toISOString(),
      },
      [
        `${evidenceDate(job.start_time, zone)}, from ${evidenceClock(job.start_time, zone)} to ${evidenceClock(job.end_time, zone)}${
          evidenceDate(job.end_time, zone) === evidenceDate(job.start_time, zone)
            ? ''
            : ` on ${evidenceDate(job.end_time, zone)}`
        } (${zone}).`,
      ],
    ),
  );

  // The clock events and the checkout answers: what each side did, when and how.
  const activity: Array<{ at: Date; line: string }> = [];
  for (const e of events) {
    const seat = seatOfApp(e.application_id);
    const how =
      e.method === 'location'
        ? ` by location${e.distance_m === null ? '' : `, ${e.distance_m} m from the restaurant`}${e.accuracy_m === null ? '' : ` (accuracy ${Math.round(e.accuracy_m)} m)`}`
        : e.method === 'code'
          ? " with the restaurant's clock code"
          : '';
    const times =
      e.clock_in_at && e.clock_out_at
        ? `: ${t(e.clock_in_at)} to ${t(e.clock_out_at)}${e.break_minutes === null ? '' : `, break ${e.break_minutes} minutes`}`
        : '';
    activity.push({
      at: e.at,
      line: `${t(e.at)}: ${chefOf(seat?.seat_no ?? 1)}: ${EVENT_WORDS[e.type] ?? e.type} by ${WHO[e.by] ?? e.by}${how}${times}${e.minutes === null ? '' : ` (${e.minutes} minutes)`}${e.note ? `. Note: ${e.note}` : ''}.`,
    });
  }
  for (const s of seats) {
    if (s.restaurant_checked_out_at || s.restaurant_checkout_completed)
      activity.push({
        at: s.restaurant_checked_out_at ?? job.end_time,
        line: `${s.restaurant_checked_out_at ? t(s.restaurant_checked_out_at) : 'Time not recorded'}: the restaurant checked out ${chefOf(s.seat_no)}. Work completed: ${yesNo(s.restaurant_work_completed)}. ${ratingWords('chef', s.chef_rating, s.chef_rating_public, s.restaurant_feedback)}`,
      });
    if (s.chef_checked_out_at || s.chef_checkout_completed)
      activity.push({
        at: s.chef_checked_out_at ?? job.end_time,
        line: `${s.chef_checked_out_at ? t(s.chef_checked_out_at) : 'Time not recorded'}: ${chefOf(s.seat_no)} checked out. Work completed: ${yesNo(s.chef_work_completed)}. ${ratingWords('restaurant', s.restaurant_rating, s.restaurant_rating_public, s.chef_feedback)}`,
      });
  }
  activity.sort((a, b) => a.at.getTime() - b.at.getTime());
  if (activity.length > 0)
    entries.push(
      ...evidenceEntries(
        {
          section: 'access_activity_log',
          service: SERVICE,
          title: 'Clock-in, clock-out and checkout answers',
          at: activity[0].at.toISOString(),
        },
        activity.map((a) => a.line),
      ),
    );

  // The timesheets (the hours approved or adjusted, who and when) and the disputes of hours or work.
  for (const sheet of sheets) {
    const seatNo = seatOfApp(sheet.application_id)?.seat_no ?? 1;
    const approval = events.find(
      (e) =>
        e.application_id === sheet.application_id && (e.type === 'approved' || e.type === 'auto_approved'),
    );
    const lines = [
      `Timesheet of ${chefOf(seatNo)}: status ${sheet.status.replace(/_/g, ' ')}.`,
      ...(sheet.chef_clock_in_at && sheet.chef_clock_out_at
        ? [
            `Hours the chef submitted: ${t(sheet.chef_clock_in_at)} to ${t(sheet.chef_clock_out_at)}, break ${sheet.chef_break_minutes ?? 0} minutes${sheet.submitted_at ? `, submitted ${t(sheet.submitted_at)}` : ''}.`,
          ]
        : []),
      ...(sheet.adjusted_at
        ? [
            `The restaurant adjusted the hours on ${t(sheet.adjusted_at)}${sheet.adjust_reason ? `, giving the reason: ${sheet.adjust_reason}` : ''}.`,
          ]
        : []),
      ...(sheet.clock_in_at && sheet.clock_out_at
        ? [
            `Hours counted: ${t(sheet.clock_in_at)} to ${t(sheet.clock_out_at)}, break ${sheet.break_minutes} minutes${sheet.worked_minutes === null ? '' : `, ${hours(sheet.worked_minutes)} worked`}.`,
          ]
        : []),
      ...(approval
        ? [
            `${approval.type === 'auto_approved' ? 'Approved automatically' : `Approved by ${WHO[approval.by] ?? approval.by}`} on ${t(approval.at)}.`,
          ]
        : []),
      ...(sheet.no_show_at ? [`Reported as a no-show on ${t(sheet.no_show_at)}.`] : []),
      ...(sheet.chef_pay_cents !== null
        ? [
            `Settled${sheet.settled_at ? ` on ${t(sheet.settled_at)}` : ''}: chef pay ${evidenceMoney(sheet.chef_pay_cents)}, fee ${evidenceMoney(sheet.fee_cents ?? 0)}, extra charge ${evidenceMoney(sheet.extra_charge_cents ?? 0)}, refund ${evidenceMoney(sheet.refund_cents ?? 0)}.`,
          ]
        : []),
    ];
    entries.push(
      ...evidenceEntries(
        {
          section: 'service_documentation',
          service: SERVICE,
          title: `Timesheet, seat ${seatNo}`,
          at: (sheet.settled_at ?? approval?.at ?? sheet.submitted_at ?? job.end_time).toISOString(),
        },
        lines,
      ),
    );
  }
  for (const d of disputes) {
    const said = statements.get(disputeKey(d.job_id, d.seat_no)) ?? [];
    const lines = [
      `${d.kind === 'hours' ? 'Dispute of the hours' : 'Dispute of whether the work was done'} on ${chefOf(d.seat_no)}, opened ${t(d.opened_at)}.`,
      ...said.map(
        (st) =>
          `${t(st.created_at)}, the ${st.author_side} wrote: ${st.text}${st.translated_text ? ` (translation: ${st.translated_text})` : ''}`,
      ),
      d.resolved_at
        ? `Decided by a Brigade operator on ${t(d.resolved_at)}: chef pay ${evidenceMoney(d.chef_pay_cents ?? 0)}, fee ${evidenceMoney(d.fee_cents ?? 0)}, refund to the restaurant ${evidenceMoney(d.refund_cents ?? 0)}.${d.note ? ` Operator's note: ${d.note}` : ''}`
        : 'Not decided yet.',
    ];
    entries.push(
      ...evidenceEntries(
        {
          section: 'service_documentation',
          service: SERVICE,
          title: `Dispute, seat ${d.seat_no}`,
          at: (d.resolved_at ?? d.opened_at).toISOString(),
        },
        lines,
      ),
    );
  }
  return entries;
}
