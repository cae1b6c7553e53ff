import { recordRegistration } from '../db/read-model.repository';
import type { Handler } from './handler';

export const onUserRegistered: Handler<'identity.user.registered.v1'> = async (ctx, tx, d) => {
  await recordRegistration(ctx.database, tx, d);
};
