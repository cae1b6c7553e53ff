import type { Handler } from './handler';
import { recordUserChange } from '../use-cases/record-user-update';

/** Phone verified or language changed: texts from now on go there, in that language. */
export const onUserUpdated: Handler<'identity.user.updated.v1'> = (ctx, tx, d) =>
  recordUserChange(ctx, tx, d);
