import { scenarios } from '../scenarios.js';
import type { Account } from '../lib/accounts';
import { pool } from '../lib/api';
import { loop, type Figure } from '../lib/measure';
import type { BenchRun } from './run';
import { COUNTS, log, SECONDS } from './settings';
import { bookShift, measureWrite, writeRow } from './writes';

/**
 * Issue 34's time clock under load: clock-in and approve, each at its scenario's connections (50), each request
 * on its own confirmed application. A chef holds one shift at a time (SHIFT_GAP of travel between two), so each
 * payout chef is booked on COUNTS.clockShiftsPerChef short shifts in a row, nearly a week out (after every
 * shift the seed and the other phases book), and the product runs with CLOCK_IN_EARLY long enough
 * (CLOCK_SETTINGS) that all their clocks are open now. The chef clocks in with the restaurant's code (no pin, no position: the
 * server's geofence arithmetic is a few multiplications). Approve needs submitted timesheets: every seat is
 * clocked out (unmeasured) between the two measures; each measure stops when its seats run out, and starts once
 * the machine is quiet (the bookings' and the clock-outs' events consumed).
 */

/**
 * The first clock shift starts this far out: after the seed's pool of open shifts (they end at most 158 hours
 * after the seed, the writes phase books chefs on them) and SHIFT_GAP; the last one still starts within the
 * posting window (JOBS.BEYOND_POSTING_WINDOW: 7 days, 168 hours).
 */
const FIRST_START_MS = 159 * 3_600_000;
/** Each clock shift is 15 minutes long and starts 50 minutes after the chef's previous one (SHIFT_GAP 30m). */
const SHIFT_HOURS = 0.25;
const SPACING_MS = 50 * 60_000;

/** What the product must run with for this phase: every clock shift's clock open when it is measured. */
export const CLOCK_SETTINGS = {
  CLOCK_IN_EARLY: `${Math.ceil((FIRST_START_MS + COUNTS.clockShiftsPerChef * SPACING_MS) / 3_600_000) + 2}h`,
};

interface Seat {
  applicationId: string;
  code: string;
  chef: Account;
  restaurant: Account;
}

/** A booked seat of the clock phase (bookShift), with its job's clock code as the owner's job view shows it. */
async function bookSeat(run: BenchRun, restaurant: Account, chef: Account, startInMs: number): Promise<Seat> {
  const { id, applicationId } = await bookShift(run, restaurant, chef, startInMs, SHIFT_HOURS);
  const job = await run.api.call('GET', `/api/jobs/${id}`, { token: restaurant.token });
  const code = job.body.job.clock_code;
  if (typeof code !== 'string') throw new Error(`no clock code on job ${id}`);
  return { applicationId, code, chef, restaurant };
}

/** The row's note: how many of the booked seats the measure used. */
const seatsNote = (figure: Figure, seats: number) =>
  `${scenarios.clock_in.bench.connections} connections; ${figure.requests} of ${seats} seats, one request each`;

/** Clock-in and approve p99 at 50 connections, rows in `run.rows`. */
export async function measureClock(run: BenchRun): Promise<void> {
  const { api, rows, payoutChefs } = run;
  const { restaurants } = run.accounts;
  // Round the chefs: the 50 requests in flight are different chefs' (one chef clocks in once at a time; each
  // write bumps its chef's list version row, so one chef's ten seats at once would wait on each other's locks).
  const plan = Array.from({ length: COUNTS.clockShiftsPerChef }, (_, k) =>
    payoutChefs.map((chef, c) => ({
      chef,
      restaurant: restaurants[(c + k) % restaurants.length],
      startInMs: FIRST_START_MS + k * SPACING_MS + c * 1_000,
    })),
  ).flat();
  log(`clock: booking ${plan.length} seats (${COUNTS.clockShiftsPerChef} shifts per payout chef) ...`);
  const booked = Date.now();
  const seats = await pool(plan, 10, (p) => bookSeat(run, p.restaurant, p.chef, p.startInMs));
  log(`clock: booked in ${((Date.now() - booked) / 1000).toFixed(1)} s`);
  // Each booking posted a shift, and the services tell its city's chefs: the clock-in is measured once that is
  // done, not against it (measureWrite).
  let next = 0;
  // approved below in the order they were clocked in: still round the chefs
  const clockedIn: Seat[] = [];
  const { figure: ci, cost: ciCost } = await measureWrite(run, 'clock-in', () =>
    loop(scenarios.clock_in.bench.connections, SECONDS, async () => {
      const seat = seats[next++];
      if (!seat) return false;
      await api.call('POST', `/api/applications/${seat.applicationId}/clock-in`, {
        token: seat.chef.token,
        body: { code: seat.code },
        expect: [201],
      });
      clockedIn.push(seat);
      return true;
    }),
  );
  rows.push(writeRow('clock_in', 'clock_in', ci, `${seatsNote(ci, seats.length)}; ${ciCost}`));
  log(`clock-in: ${ci.rps}/s p99 ${ci.p99} ms errors ${ci.errors} (${clockedIn.length} seats)`);

  // Approve needs submitted timesheets: every seat clocked in is clocked out first (not measured).
  await pool(clockedIn, 10, (seat) =>
    api.call('POST', `/api/applications/${seat.applicationId}/clock-out`, {
      token: seat.chef.token,
      body: {},
    }),
  );
  let nextSubmitted = 0;
  const { figure: ap, cost: apCost } = await measureWrite(run, 'approve', () =>
    loop(scenarios.approve_timesheet.bench.connections, SECONDS, async () => {
      const seat = clockedIn[nextSubmitted++];
      if (!seat) return false;
      await api.call('POST', `/api/applications/${seat.applicationId}/timesheet/approve`, {
        token: seat.restaurant.token,
      });
      return true;
    }),
  );
  rows.push(
    writeRow('approve_timesheet', 'approve_timesheet', ap, `${seatsNote(ap, clockedIn.length)}; ${apCost}`),
  );
  log(`approve: ${ap.rps}/s p99 ${ap.p99} ms errors ${ap.errors}`);
}
