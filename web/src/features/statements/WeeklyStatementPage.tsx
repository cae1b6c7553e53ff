import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert } from '../../shared/components/Alert';
import { Spinner } from '../../shared/components/Spinner';
import { formatCents, formatDate, formatDateTime } from '../../shared/format';
import { apiErrorText } from '../../shared/serverText';
import { TotalCard } from '../../shared/money/TotalCard';
import { pageFor } from '../shell';
import { shiftWeek } from './isoWeeks';
import { statementsApi, type Statement, type StatementLine } from './statementsApi';
import { PrintButton, StatementCsv } from './StatementCsv';

/** The lines of one shift and chef (a posting's own movements, at seat 0, are their own group). */
interface Group {
  key: string;
  job_id: string;
  position: string;
  shift_start: string | null;
  seat_no: number;
  chef_name: string | null;
  chef_id: string | null;
  lines: StatementLine[];
}

/** The week's lines by shift and chef, in the order the shifts first moved money. */
export function groupLines(lines: StatementLine[]): Group[] {
  const groups = new Map<string, Group>();
  for (const l of lines) {
    const key = `${l.job_id}:${l.chef_id ?? `seat-${l.seat_no}`}`;
    const group = groups.get(key) ?? {
      key,
      job_id: l.job_id,
      position: l.position,
      shift_start: l.shift_start ?? null,
      seat_no: l.seat_no,
      chef_name: l.chef_name,
      chef_id: l.chef_id,
      lines: [],
    };
    group.lines.push(l);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * /statements (restaurants): an ISO week in the restaurant's own time zone (`?week=2026-W48`, else the last
 * complete one): every charge, extra charge, tip, refund and fee by shift and chef, with the totals; the
 * weeks before and after, Print and the server's CSV. The Monday text links here.
 */
const WeeklyStatementPage = pageFor('restaurant', WeeklyStatement);
export default WeeklyStatementPage;

function WeeklyStatement() {
  const { t } = useTranslation('statements');
  const [params] = useSearchParams();
  const week = params.get('week') ?? undefined;
  const { data, isFetching, isError, error } = statementsApi.useStatementQuery(week);
  // a week the server refuses (not an ISO week: PAYMENTS.BAD_WEEK) says why, in the reader's language
  const refusal = error && 'data' in error ? (error.data as { error?: unknown; code?: unknown }) : null;
  return (
    <section className="page money-page statement-page">
      <div className="page-head">
        <h1>{t('week.title')}</h1>
        <div className="money-actions no-print">
          <PrintButton />
          <StatementCsv file={{ report: 'week', week: data?.week ?? week }} />
        </div>
      </div>
      <p className="muted no-print">
        <Link to="/receipts">{t('week.back')}</Link>
      </p>
      {isFetching && !data && <Spinner />}
      {isError && <Alert>{apiErrorText(refusal, t('week.loadFailed'))}</Alert>}
      {data && <WeekOf statement={data} />}
    </section>
  );
}

function WeekOf({ statement }: { statement: Statement }) {
  const { t } = useTranslation('statements');
  const { t: tc } = useTranslation('catalog');
  const zone = statement.time_zone;
  const lastDay = new Date(new Date(statement.ends_at).getTime() - 1).toISOString();
  const previous = shiftWeek(statement.week, -1);
  const next = shiftWeek(statement.week, 1);
  // the moment the page opened: a week not begun yet has no statement to show
  const [openedAt] = useState(() => Date.now());
  const nextStarted = new Date(statement.ends_at).getTime() <= openedAt;
  const groups = groupLines(statement.lines);
  const totals = statement.totals;
  return (
    <>
      <nav className="statement-weeks" aria-label={t('week.weeks')}>
        {previous && (
          <Link className="no-print" to={`/statements?week=${previous}`}>
            {t('week.previous')}
          </Link>
        )}
        <strong data-testid="statement-week">
          {t('week.range', {
            week: statement.week,
            from: formatDate(statement.starts_at, zone),
            to: formatDate(lastDay, zone),
          })}
        </strong>
        {next && nextStarted && (
          <Link className="no-print" to={`/statements?week=${next}`}>
            {t('week.next')}
          </Link>
        )}
      </nav>
      <div className="stats money-totals">
        <TotalCard label={t('week.charged')} cents={totals.charged_cents} testId="week-charged" />
        <TotalCard label={t('week.refunded')} cents={totals.refunded_cents} testId="week-refunded" />
        <TotalCard label={t('week.net')} cents={totals.net_cents} testId="week-net" />
        <TotalCard label={t('week.fees')} cents={totals.fees_cents} testId="week-fees" />
        <TotalCard label={t('week.tips')} cents={totals.tips_cents} testId="week-tips" />
      </div>
      <p className="muted">{t('week.feesHint')}</p>
      {groups.length === 0 ? (
        <p className="empty">{t('week.empty')}</p>
      ) : (
        groups.map((g) => (
          <section className="card statement-group" key={g.key} data-testid="statement-group">
            <h2>
              {tc(`positions.${g.position}`, { defaultValue: g.position })}
              {g.shift_start && <span className="muted"> · {formatDate(g.shift_start, zone)}</span>}
            </h2>
            <p className="muted money-row-sub">
              {g.chef_id ? (g.chef_name ?? t('week.chefUnknown')) : t('week.posting')}
            </p>
            <table className="statement-table">
              <thead>
                <tr>
                  <th scope="col">{t('week.when')}</th>
                  <th scope="col">{t('week.what')}</th>
                  <th scope="col">{t('week.amount')}</th>
                </tr>
              </thead>
              <tbody>
                {g.lines.map((l, i) => (
                  <tr key={`${l.at}-${l.kind}-${i}`} data-testid="statement-line">
                    <td>{formatDateTime(l.at, zone)}</td>
                    <td>{t(`kinds.${l.kind}`)}</td>
                    <td>{formatCents(l.kind === 'refund' ? -l.amount_cents : l.amount_cents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))
      )}
    </>
  );
}
