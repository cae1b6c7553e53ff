import type { EventHandlerOf } from '@brigade/kit';
import type { MessagingContext } from '../context';
import { recordApplication, type ApplicationEvent } from '../use-cases/record-application';

/** Any application event (one row per type in the table): the thread between the chef and the restaurant. */
export const onApplicationChanged =
  <T extends ApplicationEvent>(type: T): EventHandlerOf<MessagingContext, T> =>
  (ctx, tx, data, event) =>
    recordApplication(ctx, tx, type, data, event.occurred_at);
