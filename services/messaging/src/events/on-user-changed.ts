import type { EventHandlerOf } from '@brigade/kit';
import type { MessagingContext } from '../context';
import { recordParticipantFacts } from '../use-cases/record-participant';

/** identity.user.registered.v1 / identity.user.updated.v1: the user's type and language preference. */
export const onUserChanged =
  <T extends 'identity.user.registered.v1' | 'identity.user.updated.v1'>(): EventHandlerOf<
    MessagingContext,
    T
  > =>
  (ctx, tx, data, event) =>
    recordParticipantFacts(ctx, tx, {
      userId: data.user_id,
      userType: data.user_type,
      language: data.language_preference,
      at: event.occurred_at,
    });
