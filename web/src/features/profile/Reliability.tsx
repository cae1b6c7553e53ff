import { useTranslation } from 'react-i18next';
import type { ChefReliability, RestaurantReliability } from '../jobs';
import { Fact } from '../../shared/components/Facts';

type ReliabilityRecord = ChefReliability | RestaurantReliability;

/** The counts a side's record keeps, in order: chefs' no-shows, restaurants' disputes lost. */
function kinds(record: ReliabilityRecord) {
  return [
    'completed_shifts',
    'late_cancellations',
    'no_shows' in record ? 'no_shows' : 'disputes_lost',
  ] as const;
}

/** "12 completed shifts · 1 late cancellation · 0 no-shows" */
function countsText(
  counts: Partial<Record<'completed_shifts' | 'late_cancellations' | 'no_shows' | 'disputes_lost', number>>,
  record: ReliabilityRecord,
  t: (key: string, options?: Record<string, unknown>) => string,
) {
  return kinds(record)
    .map((kind) => t(`reliability.${kind}`, { count: counts[kind] ?? 0 }))
    .join(' · ');
}

/**
 * A reliability record as explainable counts (issue 16), all time and in the last 90 days: completed shifts,
 * late cancellations, and no-shows (chefs) or disputes lost (restaurants), and how many marks were removed on
 * appeal (issue 39). Nothing when the record is missing.
 */
export function Reliability({
  record,
  heading = 'h2',
  compact = false,
}: {
  record: ReliabilityRecord | null | undefined;
  heading?: 'h2' | 'h3' | 'h4';
  compact?: boolean;
}) {
  const { t } = useTranslation('profile');
  if (!record) return null;
  const H = heading;
  const allTime = countsText(record, record, t);
  const recent = countsText(record.last_90_days, record, t);
  // Issue 39: marks removed on appeal count in none of the counts, and are said apart.
  const removed = record.removed_on_appeal ?? 0;
  const removedText = removed > 0 ? t('reliability.removedOnAppeal', { count: removed }) : null;
  if (compact)
    return (
      <p className="hint reliability" data-testid="reliability">
        <span className="reliability-label">{t('reliability.title')}:</span> {allTime}{' '}
        <span className="muted">({t('reliability.recent', { counts: recent })})</span>
        {removedText && <span data-testid="removed-on-appeal"> · {removedText}</span>}
      </p>
    );
  return (
    <section className="card reliability" data-testid="reliability">
      <H>{t('reliability.title')}</H>
      <dl className="facts">
        <Fact label={t('reliability.allTime')}>{allTime}</Fact>
        <Fact label={t('reliability.last90')}>{recent}</Fact>
      </dl>
      {removedText && <p data-testid="removed-on-appeal">{removedText}</p>}
      <p className="hint">{t(`reliability.explain_${'no_shows' in record ? 'chef' : 'restaurant'}`)}</p>
    </section>
  );
}
