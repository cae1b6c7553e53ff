import { timesheetsHttp } from '@brigade/contracts';
import {
  currentAccount,
  currentUser,
  isOperator,
  parse,
  parseBody,
  requireRole,
  uuidParam,
} from '@brigade/kit';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { JobsContext } from '../context';
import { JobsErrors } from '../domain/errors';
import { applicationWithJob, timesheetView } from '../queries/timesheet-views';
import { adjustedMoney, adjustTimesheet } from '../use-cases/adjust-timesheet';
import { acceptAdjustment, approveTimesheet } from '../use-cases/approve-timesheet';
import { clockIn } from '../use-cases/clock-in';
import { clockOut } from '../use-cases/clock-out';
import { disputeTimesheet } from '../use-cases/dispute-timesheet';
import { markNoShow } from '../use-cases/mark-no-show';
import { runningLate } from '../use-cases/running-late';
import { sendHome } from '../use-cases/send-home';

/**
 * The time clock and the timesheet of a confirmed seat (issue 34): the chef clocks in and out, says they are
 * running late, accepts or disputes an adjustment; the restaurant approves, adjusts (with the quote first),
 * sends home or marks a no-show. Someone else's application is 404; the other side's action 403. Operators read
 * any timesheet (`anyAccount`: the who for GET /timesheet), and change none here: they decide in /ops.
 */
export function timesheetsRouter(ctx: JobsContext, auth: RequestHandler, anyAccount: RequestHandler): Router {
  const router = Router();
  const chef = requireRole('chef');
  const restaurant = requireRole('restaurant');
  const appId = (req: Request) =>
    uuidParam(req, 'id', JobsErrors.applicationNotFound().message, 'JOBS.APPLICATION_NOT_FOUND');

  /** The seat as its chef, its restaurant or an operator reads it; anyone else: 404. */
  async function seatOf(req: Request) {
    const account = currentAccount(req);
    const found = await applicationWithJob(ctx.database, appId(req));
    if (!found) throw JobsErrors.applicationNotFound();
    const { app, job } = found;
    if (isOperator(account)) return { app, job };
    const user = currentUser(req);
    const mine = user.type === 'chef' ? app.chef_id === user.id : job.restaurant_id === user.id;
    if (!mine) throw JobsErrors.applicationNotFound();
    return { app, job };
  }

  async function answer(req: Request, res: Response, status = 200) {
    const { app, job } = await seatOf(req);
    res.status(status).json({ timesheet: await timesheetView(ctx, job, app) });
  }

  router.get('/applications/:id/timesheet', anyAccount, async (req, res) => {
    await answer(req, res);
  });

  router.get('/applications/:id/timesheet/quote', auth, restaurant, async (req, res) => {
    const { job } = await seatOf(req);
    const q = parse(timesheetsHttp.TimesheetQuoteQuery, req.query);
    const { money } = adjustedMoney(ctx, job, q);
    res.json({ pay: { ...money.pay, under_minimum: money.under_minimum } });
  });

  router.post('/applications/:id/clock-in', auth, chef, async (req, res) => {
    const input = parseBody(timesheetsHttp.ClockInRequest, req);
    await clockIn(ctx, currentUser(req), appId(req), input);
    await answer(req, res, 201);
  });

  router.post('/applications/:id/clock-out', auth, chef, async (req, res) => {
    const input = parseBody(timesheetsHttp.ClockOutRequest, req);
    await clockOut(ctx, currentUser(req), appId(req), input);
    await answer(req, res);
  });

  router.post('/applications/:id/running-late', auth, chef, async (req, res) => {
    const { minutes } = parseBody(timesheetsHttp.RunningLateRequest, req);
    await runningLate(ctx, currentUser(req), appId(req), minutes);
    await answer(req, res, 201);
  });

  router.post('/applications/:id/timesheet/approve', auth, restaurant, async (req, res) => {
    await approveTimesheet(ctx, currentUser(req), appId(req));
    await answer(req, res);
  });

  router.post('/applications/:id/timesheet/adjust', auth, restaurant, async (req, res) => {
    const input = parseBody(timesheetsHttp.AdjustTimesheetRequest, req);
    await adjustTimesheet(ctx, currentUser(req), appId(req), input);
    await answer(req, res);
  });

  router.post('/applications/:id/timesheet/accept', auth, chef, async (req, res) => {
    await acceptAdjustment(ctx, currentUser(req), appId(req));
    await answer(req, res);
  });

  router.post('/applications/:id/timesheet/dispute', auth, chef, async (req, res) => {
    const { statement } = parseBody(timesheetsHttp.DisputeTimesheetRequest, req);
    await disputeTimesheet(ctx, currentUser(req), appId(req), statement);
    await answer(req, res);
  });

  router.post('/applications/:id/send-home', auth, restaurant, async (req, res) => {
    const { reason } = parseBody(timesheetsHttp.SendHomeRequest, req);
    await sendHome(ctx, currentUser(req), appId(req), reason || null);
    await answer(req, res);
  });

  router.post('/applications/:id/no-show', auth, restaurant, async (req, res) => {
    await markNoShow(ctx, currentUser(req), appId(req));
    await answer(req, res);
  });

  return router;
}
