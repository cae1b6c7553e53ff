import { z } from 'zod';
import { MoneyOutcome } from './money-outcome';
import { Application, BookedShift, DisputeStatement, Favorite, Job } from './jobs-entities';
import { CancellationQuote } from './jobs-requests';

// ---------- responses ----------
export const JobResponse = z.object({ job: Job });
export const DisputeStatementResponse = z.object({ statement: DisputeStatement, job: Job });
/** Where a chef's open list was drawn (`near=me`): the chef's city and travel radius; null for `near=all`. */
export const OpeningsArea = z
  .object({ city: z.string(), radius_miles: z.number().int() })
  .meta({ id: 'OpeningsArea' });

/**
 * `total`: how many match in all, whatever the limit (the dashboards count with it). `area`: chefs' open list
 * only, where it was drawn.
 */
export const JobsResponse = z.object({
  jobs: z.array(Job),
  total: z.number().int().min(0),
  area: OpeningsArea.nullable().optional(),
  /**
   * Chefs' open list only (issue 32): where its distances and radius are measured from: `home` (the chef's ZIP
   * or location), `city` (their city's centre: they gave no home yet), null when jobs does not know their place.
   */
  distances_from: z.enum(['home', 'city']).nullable().optional(),
});

/**
 * POST /invitations: a restaurant invites a chef (profile id or user id) to its next open shift (the open
 * shift starting soonest); the chef gets a text naming it, when their notification settings allow.
 */
export const InviteChefRequest = z
  .object({ chef_id: z.string({ error: 'chef_id is required' }).uuid('chef_id must be a chef id') })
  .meta({ id: 'InviteChefRequest' });

export const Invitation = z
  .object({
    job_id: z.string().uuid(),
    job_title: z.string(),
    start_time: z.string(),
    chef_profile_id: z.string().uuid(),
    chef_name: z.string(),
    invited_at: z.string(),
    /** The chef had already been invited to this shift: no second text. */
    already_invited: z.boolean(),
  })
  .meta({ id: 'Invitation' });
export const InvitationResponse = z.object({ invitation: Invitation });
export const ApplicationResponse = z.object({ application: Application });
export const ApplicationsResponse = z.object({
  applications: z.array(Application),
  total: z.number().int().min(0),
  /**
   * A chef's own list only: the shifts they hold now or later (accepted or confirmed), for the openings
   * screen's "you are booked" warnings beside the shared list (which never carries them).
   */
  booked: z.array(BookedShift).optional(),
});
/**
 * After a side's checkout: `message` says, in the caller's language, what happens to the money given the
 * answers so far (`checkoutAnswerText`); `money`, `waiting_for` and `work_completed` are its facts, so a screen
 * can say the same in its own language.
 */
export const CheckoutResponse = z.object({
  message: z.string(),
  mutualCheckoutCompleted: z.boolean(),
  money: MoneyOutcome,
  /** The side whose checkout is still awaited; null once both answered. */
  waiting_for: z.enum(['chef', 'restaurant']).nullable(),
  /** The caller's own answer. */
  work_completed: z.boolean(),
});
export const CancelJobResponse = CancellationQuote.extend({ job: Job });
export const FavoritesResponse = z.object({ favorites: z.array(Favorite) });
export const FavoriteResponse = z.object({ favorite: Favorite });
export const FavoriteStatusResponse = z.object({ isFavorite: z.boolean() });

// The route table of these schemas is `./jobs-routes.ts` (read by the OpenAPI document).
