import { recordUserUpdate } from '../db/read-model.repository';
import type { Handler } from './handler';

/** Phone verified or language changed: texts from now on go there, in that language. */
export const onUserUpdated: Handler<'identity.user.updated.v1'> = async (ctx, tx, d) => {
  await recordUserUpdate(ctx.database, tx, d);
};
