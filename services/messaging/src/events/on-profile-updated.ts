import type { EventHandlerOf } from '@brigade/kit';
import type { MessagingContext } from '../context';
import { recordParticipantFacts } from '../use-cases/record-participant';

type ProfileEvent = 'identity.chef_profile.updated.v1' | 'identity.restaurant_profile.updated.v1';

/** A chef or restaurant profile changed: its name (shown in conversation lists) and language preference. */
export const onProfileUpdated =
  <T extends ProfileEvent>(type: T): EventHandlerOf<MessagingContext, T> =>
  (ctx, tx, data, event) =>
    recordParticipantFacts(ctx, tx, {
      userId: data.user_id,
      userType: type === 'identity.chef_profile.updated.v1' ? 'chef' : 'restaurant',
      name: data.name,
      language: data.language_preference,
      at: event.occurred_at,
    });
