import type { Handler } from './handler';
import { textApplicationConfirmed } from '../use-cases/text-application-confirmed';

/** The chef confirmed: the restaurant is told, and both sides' job and rating reminders are planned. */
export const onApplicationConfirmed: Handler<'jobs.application.confirmed.v1'> = (ctx, tx, d) =>
  textApplicationConfirmed(ctx, tx, d);
