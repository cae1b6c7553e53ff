import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { canSeat } from '../../shared/contracts';
import { formatPhone } from '../../shared/phone';
import type { JobPosting } from './jobsApi';
import { ChefLink, SeatsCount } from './JobLabels';
import { checkoutOpen } from './shiftState';

type Seat = NonNullable<JobPosting['seat_list']>[number];

/**
 * Issue 35, the owner's job page of a posting of several chefs: each seat with its chef (or nobody yet), its
 * status and its own checkout, from the server's `seat_list`. A booked seat whose checkout has opened offers the
 * restaurant its checkout; a seat's ratings show once given. Nothing for a posting of one chef (the page's
 * booked-chef card and checkout line say it all).
 */
export function SeatList({ job, now }: { job: JobPosting; now: number }) {
  const { t } = useTranslation('jobs');
  const seats = job.seat_list ?? [];
  if (seats.length <= 1 && (job.headcount ?? 1) <= 1) return null;
  return (
    <section className="card seat-list" aria-labelledby="seat-list-title">
      <div className="card-head">
        <h2 id="seat-list-title">{t('seats.title')}</h2>
        <SeatsCount seats={job.seats} side="restaurant" />
      </div>
      <ol className="list">
        {[...seats]
          .sort((a, b) => a.seat_no - b.seat_no)
          .map((seat) => (
            <SeatRow key={seat.seat_no} job={job} seat={seat} now={now} />
          ))}
      </ol>
    </section>
  );
}

function SeatRow({ job, seat, now }: { job: JobPosting; seat: Seat; now: number }) {
  const { t } = useTranslation('jobs');
  const application = (job.applications ?? []).find((a) => a.id === seat.application_id);
  const name = seat.chef_name ?? application?.chef_profiles?.name ?? null;
  // the seat's own checkout: open from the shift's end while the seat is booked (its lifecycle's `complete`)
  const booked = canSeat('complete', seat.status);
  const open = booked && checkoutOpen(job, now);
  return (
    <li className="list-item seat-row" data-testid={`seat-${seat.seat_no}`}>
      <div>
        <div className="list-title">
          {t('seats.seat', { number: seat.seat_no })} ·{' '}
          {name ? (
            <ChefLink chef={application?.chef_profiles ?? null} name={name} />
          ) : (
            <span className="muted">{t('seats.nobody')}</span>
          )}
        </div>
        <div className="hint">
          <span className={`status status-${seat.status}`}>{t(`seats.status.${seat.status}`)}</span>
          {open && (
            <>
              {' · '}
              {t('detail.checkoutState', {
                restaurant: seat.restaurant_checkout_completed ? t('detail.done') : t('detail.waiting'),
                chef: seat.chef_checkout_completed ? t('detail.done') : t('detail.waiting'),
              })}
            </>
          )}
        </div>
        {(seat.chef_rating !== null || seat.restaurant_rating !== null) && (
          <div className="hint">
            {[
              seat.chef_rating !== null && t('seats.youRated', { rating: seat.chef_rating }),
              seat.restaurant_rating !== null && t('seats.theyRated', { rating: seat.restaurant_rating }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </div>
        )}
      </div>
      {(seat.phone || (open && !seat.restaurant_checkout_completed && seat.application_id)) && (
        <div className="item-actions">
          {/* each booked chef's phone inside the contact window (issue 32), seat by seat */}
          {seat.phone && (
            <a
              href={`tel:${seat.phone}`}
              className="btn btn-small"
              aria-label={t('booked.callNamed', { name: name ?? '', phone: formatPhone(seat.phone) })}
            >
              {t('booked.call', { phone: formatPhone(seat.phone) })}
            </a>
          )}
          {open && !seat.restaurant_checkout_completed && seat.application_id && (
            <Link to={`/checkout/${seat.application_id}`} className="btn btn-small">
              {t('seats.checkout', { number: seat.seat_no })}
            </Link>
          )}
        </div>
      )}
    </li>
  );
}
