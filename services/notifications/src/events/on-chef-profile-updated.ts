import type { Handler } from './handler';
import { recordChefProfile } from '../use-cases/record-chef-profile';

/** The chef's name (texts to restaurants) and city (urgent shifts of that city). */
export const onChefProfileUpdated: Handler<'identity.chef_profile.updated.v1'> = (ctx, tx, d) =>
  recordChefProfile(ctx, tx, d);
