import type { EventHandlerOf } from '@brigade/kit';
import type { IdentityContext } from '../context';
import { recordTextTranslation } from '../use-cases/record-text-translation';

/** Messaging translated a restaurant's description: keep it beside the description. */
export const onTextTranslated: EventHandlerOf<IdentityContext, 'messaging.text.translated.v1'> = (
  ctx,
  tx,
  data,
) => recordTextTranslation(ctx, tx, data);
