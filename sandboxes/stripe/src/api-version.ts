import Stripe from 'stripe';

/** The API version the installed SDK pins (the emulator's events carry it like Stripe's do). */
export const ApiVersion: string = Stripe.API_VERSION;
