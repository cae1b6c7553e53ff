import type { Handler } from './handler';
import { textChefInvited } from '../use-cases/text-chef-invited';

/** A restaurant invited a chef to its next open shift: the chef is texted. */
export const onChefInvited: Handler<'jobs.chef.invited.v1'> = (ctx, tx, d) => textChefInvited(ctx, tx, d);
