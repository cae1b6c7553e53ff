import type { Handler } from './handler';
import { recordUserRegistration } from '../use-cases/record-registration';

export const onUserRegistered: Handler<'identity.user.registered.v1'> = (ctx, tx, d) =>
  recordUserRegistration(ctx, tx, d);
