import type { EventType } from '@brigade/contracts';
import type { EventHandlerOf } from '@brigade/kit';
import type { NotificationsContext } from '../context';

/** Every handler file exports one of these: the kit handler of its event, given the service context. */
export type Handler<T extends EventType> = EventHandlerOf<NotificationsContext, T>;
