import type { EventType } from '@brigade/contracts';
import type { TypedHandler } from '@brigade/kit';
import type { Ctx } from '../context';

/** Every handler file exports one of these: given the service context, the kit handler for its event. */
export type HandlerFactory<T extends EventType> = (ctx: Ctx) => TypedHandler<T>;

export { applicationVars } from '../domain/text-vars';

export const jobFactsOf = (d: {
  job_id: string;
  restaurant_id: string;
  job_title: string;
  start_time: string;
  end_time: string;
}) => ({
  job_id: d.job_id,
  restaurant_id: d.restaurant_id,
  title: d.job_title,
  start_time: d.start_time,
  end_time: d.end_time,
});
