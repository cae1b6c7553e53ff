import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { errorText } from '../../shared/api';
import { Alert } from '../../shared/components/Alert';
import { Spinner } from '../../shared/components/Spinner';
import { moneyOutcomeOf } from '../../shared/contracts';
import { formatCents, formatDateTime } from '../../shared/format';
import { useMoneyWords } from '../../shared/money/outcome';
import { Fact } from '../../shared/components/Facts';

export { formatCents, formatDateTime };

/** A console page: its one h1, then the content. */
export function OpsPage({
  title,
  children,
  wide = true,
}: {
  title: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <section className={wide ? 'page ops-page' : 'page narrow ops-page'}>
      <div className="page-head">
        <h1>{title}</h1>
      </div>
      {children}
    </section>
  );
}

/** A query's loading and failure states; the content once it has data. */
export function Loaded<T>({
  query,
  children,
}: {
  query: { data?: T; isLoading: boolean; error?: FetchBaseQueryError | SerializedError };
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('ops');
  if (query.isLoading) return <Spinner />;
  if (!query.data) return <Alert>{errorText(query.error, t('loadFailed'))}</Alert>;
  return <>{children(query.data)}</>;
}

/** How long something has been open: "3 d 4 h", "5 h", "12 min". */
export function useAge() {
  const { t } = useTranslation('ops');
  return (since: string, now = Date.now()) => {
    const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
    const days = Math.floor(minutes / 1440);
    const hours = Math.floor((minutes % 1440) / 60);
    if (days > 0) return t('age.days', { days, hours });
    if (hours > 0) return t('age.hours', { hours });
    return t('age.minutes', { minutes });
  };
}

/** A link to a job's timeline in the console. */
export function TimelineLink({ jobId, children }: { jobId: string; children?: ReactNode }) {
  const { t } = useTranslation('ops');
  return <Link to={`/ops/jobs/${jobId}`}>{children ?? t('timeline.link')}</Link>;
}

/**
 * A table that scrolls sideways on a phone instead of overflowing the page; the scrolling region takes the
 * keyboard focus (and is named by the caption) so it can be scrolled without a pointer. The column heads are
 * keys of the ops texts under `section` (`anomalies` + `job` reads `anomalies.job`); a key with a dot stands
 * as it is.
 */
export function OpsTable({
  caption,
  section,
  columns,
  none = null,
  children,
}: {
  caption: string;
  section: string;
  columns: string[];
  /** The sentence shown instead of the table when it has no rows (null: there are rows). */
  none?: string | null;
  children: ReactNode;
}) {
  const { t } = useTranslation('ops');
  if (none !== null) return <p className="muted">{none}</p>;
  const head = columns.map((c) => t(c.includes('.') ? c : `${section}.${c}`));
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={caption}>
      <table className="ops-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A decided dispute: what each side got, the note, when. */
export function DecisionFacts({
  resolution,
}: {
  resolution: {
    chef_pay_cents: number;
    fee_cents: number;
    refund_cents: number;
    note: string;
    resolved_at: string;
  };
}) {
  const { t } = useTranslation('ops');
  const words = useMoneyWords();
  // What the decision does with the money, named as both sides read it (paid in full, refunded, split).
  const outcome = moneyOutcomeOf('dispute_decision', resolution);
  return (
    <section className="card" aria-labelledby="decision-title" data-testid="ops-decision">
      <h2 id="decision-title">{t('decision.title')}</h2>
      <p>
        <span className={`tag tag-${outcome}`} data-testid="ops-decision-outcome">
          {words.label({ outcome })}
        </span>
      </p>
      <dl className="facts">
        <Fact label={t('resolve.chefReceives')}>{formatCents(resolution.chef_pay_cents)}</Fact>
        <Fact label={t('resolve.platformFee')}>{formatCents(resolution.fee_cents)}</Fact>
        <Fact label={t('resolve.restaurantRefund')}>{formatCents(resolution.refund_cents)}</Fact>
        <Fact label={t('resolve.note')} valueClassName="pre-wrap">
          {resolution.note}
        </Fact>
        <Fact label={t('decision.at')}>{formatDateTime(resolution.resolved_at)}</Fact>
      </dl>
    </section>
  );
}
