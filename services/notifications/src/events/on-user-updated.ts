import { recordUserUpdate } from '../db/read-model';
import type { HandlerFactory } from './handler';

/** Phone verified or language changed: texts from now on go there, in that language. */
export const onUserUpdated: HandlerFactory<'identity.user.updated.v1'> = (ctx) => async (tx, d) => {
  await recordUserUpdate(ctx.database, tx, d);
};
