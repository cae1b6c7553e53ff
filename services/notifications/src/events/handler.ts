import type { EventType } from '@brigade/contracts';
import type { EventHandlerOf } from '@brigade/kit';
import type { NotificationsContext } from '../context';

/** Every handler file exports one of these: the kit handler of its event, given the service context. */
export type Handler<T extends EventType> = EventHandlerOf<NotificationsContext, T>;

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
