import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api';
import { formatCents, formatHours, formatRate, formatShift, formatShiftMoment } from '../../shared/format';
import { OFFERS_POLL_MS } from '../../shared/shiftConstants';
import { Alert } from '../../shared/components/Alert';
import { offersApi, type Offer } from './offersApi';
import { ActionButton } from '../../shared/components/ActionButton';

/**
 * A shift offered to the chef: who, when, and what they earn (the server's own figure, the escrow's shift pay),
 * with Accept (the seat is theirs at once) and Decline.
 */
export function OfferCard({ offer }: { offer: Offer }) {
  const { t } = useTranslation('jobs');
  const { t: tc } = useTranslation('catalog');
  const [accept, accepting] = offersApi.useAcceptOfferMutation();
  const [decline, declining] = offersApi.useDeclineOfferMutation();
  const [error, setError] = useState<string | null>(null);
  const { shift } = offer;
  const title = tc(`positions.${shift.title}`, { defaultValue: shift.title });
  const busy = accepting.isLoading || declining.isLoading;
  const standby = offer.kind === 'standby';

  const answer = async (how: 'accept' | 'decline') => {
    setError(null);
    const res = how === 'accept' ? await accept(offer.id) : await decline(offer.id);
    if ('error' in res && res.error) setError(errorText(res.error, t('offers.answerFailed')));
  };

  return (
    <li className="list-item offer-card">
      <div>
        {/* issue 37: a reopened seat offered to the chef first on the standby list, for a few minutes */}
        {standby && <span className="tag tag-urgent">{t('offers.standby')}</span>}
        <p className="list-title">{t('offers.from', { title, restaurant: shift.restaurant_name ?? '' })}</p>
        <p className="hint">{formatShift(shift.start_time, shift.end_time, shift.city)}</p>
        <p className="offer-pay">
          <strong>{t('offers.youEarn', { amount: formatCents(shift.chef_pay_cents) })}</strong>{' '}
          <span className="hint">
            {t('offers.payBasis', { hours: formatHours(shift.hours), rate: formatRate(shift.hourly_rate) })}
          </span>
        </p>
        <p className="hint">
          {t(standby ? 'offers.yoursUntil' : 'offers.answerBy', {
            when: formatShiftMoment(offer.expires_at, shift.city),
          })}
        </p>
        <Alert>{error}</Alert>
      </div>
      <div className="item-actions">
        <ActionButton
          className="btn btn-small"
          busy={busy}
          onClick={() => answer('accept')}
          label={t('offers.acceptNamed', { title })}
        >
          {accepting.isLoading ? t('offers.accepting') : t('offers.accept')}
        </ActionButton>
        <ActionButton
          className="btn btn-small btn-secondary"
          busy={busy}
          onClick={() => answer('decline')}
          label={t('offers.declineNamed', { title })}
        >
          {t('offers.decline')}
        </ActionButton>
      </div>
    </li>
  );
}

/** The chef's live offers, on the dashboard; nothing at all while there are none. */
export function MyOffers() {
  const { t } = useTranslation('jobs');
  const offers = offersApi.useMyOffersQuery(undefined, { pollingInterval: OFFERS_POLL_MS });
  const live = (offers.data?.offers ?? []).filter((o) => o.status === 'pending');
  if (!live.length) return null;
  return (
    <section className="card" aria-labelledby="offers-title">
      <h2 id="offers-title">{t('offers.title')}</h2>
      <ul className="list">
        {live.map((o) => (
          <OfferCard key={o.id} offer={o} />
        ))}
      </ul>
    </section>
  );
}
