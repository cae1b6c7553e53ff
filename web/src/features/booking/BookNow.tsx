import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookNowCondition } from '@brigade/contracts';
import { errorCode, errorText } from '../../shared/api';
import { Alert } from '../../shared/components/Alert';
import { ActionButton } from '../../shared/components/ActionButton';
import type { JobPosting } from '../jobs';
import { bookingApi } from './bookingApi';

/** What a chef still needs to book instantly, in words ("3 completed shifts needed", ...). */
export function MissingConditions({
  missing,
  minShifts,
}: {
  missing: readonly BookNowCondition[];
  minShifts: number | undefined;
}) {
  const { t } = useTranslation('jobs');
  if (missing.length === 0) return null;
  return (
    <div data-testid="book-now-missing">
      <p className="hint">{t('booking.missingTitle')}</p>
      <ul className="plain-list">
        {missing.map((m) => (
          <li key={m}>
            {m === 'min_shifts' && minShifts === undefined
              ? t('booking.missing.min_shifts_some')
              : t(`booking.missing.${m}`, { count: minShifts })}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Issue 37, on a chef's job page: "Book now" (one tap) when the shift is instant-book and the chef meets the
 * bar (`can_book_now`); below the bar, what is missing in words. A refusal (403) names what is missing too.
 */
export function BookNow({ job }: { job: JobPosting }) {
  const { t } = useTranslation('jobs');
  const [book, booking] = bookingApi.useBookNowMutation();
  const [error, setError] = useState<string | null>(null);
  const [refused, setRefused] = useState<BookNowCondition[] | null>(null);
  if (!job.instant_book || job.status !== 'open') return null;
  const missing = refused ?? job.book_now_missing ?? [];
  const onBook = async () => {
    setError(null);
    const res = await book(job.id);
    if (!res.error) return;
    const body = (res.error as { data?: { missing?: BookNowCondition[] } }).data;
    if (errorCode(res.error) === 'JOBS.BOOK_NOW_NOT_ALLOWED' && body?.missing) setRefused(body.missing);
    setError(errorText(res.error, t('booking.failed')));
  };
  if (booking.isSuccess)
    return (
      <Alert tone="success">
        <span data-testid="book-now-done">{t('booking.booked')}</span>
      </Alert>
    );
  return (
    <div className="book-now" data-testid="book-now">
      {job.can_book_now && !refused ? (
        <>
          <ActionButton className="btn btn-large" busy={booking.isLoading} onClick={onBook}>
            {booking.isLoading ? t('booking.booking') : t('booking.bookNow')}
          </ActionButton>
          <p className="hint">{t('booking.bookNowHint')}</p>
        </>
      ) : (
        !job.user_applied && <MissingConditions missing={missing} minShifts={job.book_now_min_shifts} />
      )}
      <Alert>{error}</Alert>
    </div>
  );
}
