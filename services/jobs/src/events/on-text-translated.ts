import type { EventHandlerOf } from '@brigade/kit';
import type { JobsContext } from '../context';
import { recordTextTranslation } from '../use-cases/record-text-translation';

/** messaging translated a text of a job: keep the translation beside it. */
export const onTextTranslated: EventHandlerOf<JobsContext, 'messaging.text.translated.v1'> = (
  ctx,
  tx,
  data,
) => recordTextTranslation(ctx, tx, data);
