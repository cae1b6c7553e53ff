import { recordRegistration } from '../db/read-model';
import type { HandlerFactory } from './handler';

export const onUserRegistered: HandlerFactory<'identity.user.registered.v1'> = (ctx) => async (tx, d) => {
  await recordRegistration(ctx.database, tx, d);
};
