import type { Handler } from './handler';
import { textOfferMade } from '../use-cases/text-offer-made';

/** A restaurant offered a chef a shift: the chef is texted. */
export const onOfferMade: Handler<'jobs.offer.made.v1'> = (ctx, tx, d) => textOfferMade(ctx, tx, d);
