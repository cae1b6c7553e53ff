import type { Handler } from './handler';
import { recordRestaurantProfile } from '../use-cases/record-restaurant-profile';

/** The restaurant's name and address (texts to chefs) and city (whom an urgent shift goes to, time zone). */
export const onRestaurantProfileUpdated: Handler<'identity.restaurant_profile.updated.v1'> = (ctx, tx, d) =>
  recordRestaurantProfile(ctx, tx, d);
