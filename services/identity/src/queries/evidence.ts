import { evidenceEntries, evidenceTime, type EvidenceEntry } from '@brigade/kit';
import { formatDuration, formatPayHours, policyText } from '@brigade/contracts';
import type { IdentityContext } from '../context';
import { restaurantAgreementsOf } from '../db/agreements.repository';

/**
 * Issue 38: identity's part of a job's evidence for a card dispute (refund_policy): the restaurant's acceptance
 * of Brigade's restaurant terms (each version and when, from identity's agreements) and the cancellation
 * policy's words as the app shows them before a cancellation. Identity keeps no jobs: the restaurant is the one
 * the dispute names (`restaurant_id`, which jobs checks against the job); without it, no part.
 */
export async function evidenceOfRestaurant(
  ctx: IdentityContext,
  restaurantId: string | undefined,
): Promise<EvidenceEntry[]> {
  if (!restaurantId) return [];
  const found = await restaurantAgreementsOf(ctx.database.db, restaurantId);
  if (!found) return [];
  // the cancellation rule's figures, from the same policy variables jobs decides by
  const p = ctx.config.policy;
  const who = `${found.name ?? 'The restaurant'} (account ${found.email}, created ${evidenceTime(found.signedUpAt, 'UTC')})`;
  const accepted =
    found.accepted.length > 0
      ? found.accepted.map(
          (a) =>
            `${who} accepted Brigade's Terms of Service for restaurants, version ${a.version}, on ${evidenceTime(a.acceptedAt, 'UTC')}.`,
        )
      : [`${who} has no recorded acceptance of Brigade's Terms of Service for restaurants.`];
  const values = {
    window: formatDuration(p.lateCancelWindowMs, 'en'),
    hours: formatPayHours(p, 'en'),
    refund: 'charge',
    chef_pay: "the chef's pay",
    fee: 'its booking fee on that pay',
  };
  const rules = [
    'Cancellation and refund policy (shown in the app before every cancellation, and part of the terms):',
    `- ${policyText('en', 'cancel_no_chef', values)}`,
    `- ${policyText('en', 'cancel_early', values)}`,
    `- ${policyText('en', 'cancel_late', { ...values, refund: 'the rest' })}`,
    `- ${policyText('en', 'cancel_started')}`,
    `- ${policyText('en', 'checkout_deadline', { deadline: `${formatDuration(p.checkoutDeadlineMs, 'en')} after the end of the shift` })}`,
  ];
  const at = (found.accepted[0]?.acceptedAt ?? found.signedUpAt).toISOString();
  return evidenceEntries(
    {
      section: 'refund_policy',
      service: 'identity',
      title: 'Terms of Service accepted, and the cancellation policy',
      at,
    },
    [...accepted, '', ...rules],
  );
}
