import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatShiftTime } from '../../../shared/format';
import { Alert } from '../../../shared/components/Alert';
import type { JobPosting } from '../jobsApi';
import { PositionTitle } from '../JobLabels';
import { useMoneyWords } from '../../../shared/money/outcome';
import { checkoutOpensAt, checkoutState, type Side } from '../shiftState';

export type Tab = 'shifts' | 'applications';

/**
 * One side's checkout action or label: the checkout link once it opens (at the shift's end), before that when
 * it opens, else where things stand.
 */
export function ShiftState({
  side,
  job,
  applicationId,
  now,
}: {
  side: Side;
  job: Partial<JobPosting>;
  applicationId?: string;
  now: number;
}) {
  const { t } = useTranslation('jobs');
  const words = useMoneyWords();
  const state = checkoutState(side, job, now);
  if (!state) return null;
  if (state === 'checkout' && applicationId)
    return (
      <Link to={`/checkout/${applicationId}`} className="btn btn-small">
        {side === 'chef' ? t('shifts.completeShift') : t('shifts.completeCheckout')}
      </Link>
    );
  if (state === 'checkout') return null;
  if (state === 'outcome') {
    // Over: the tag says what the money did (the server's Job.money), else how the shift ended.
    const outcome = job.money?.outcome ?? job.status;
    return (
      <span className={`tag tag-${outcome}`} data-testid="shift-outcome">
        {job.money ? words.label(job.money) : t(`shifts.state.${job.status}`)}
      </span>
    );
  }
  const text =
    state === 'waitingOther'
      ? t(side === 'chef' ? 'shifts.waitingRestaurant' : 'shifts.waitingChef')
      : t('shifts.state.notYet', {
          time: formatShiftTime(checkoutOpensAt(job), job.restaurant_profiles?.city),
        });
  return <span className={`tag tag-${state}`}>{text}</span>;
}

/** A row of My Shifts: title, lines of facts, actions, and a panel (a cancellation) across the whole row. */
export function Row({
  title,
  urgent,
  lines,
  actions,
  error,
  panel,
  footer,
}: {
  title: string;
  urgent?: boolean;
  lines: ReactNode[];
  actions: ReactNode;
  error?: string | null;
  panel?: ReactNode;
  /** below the facts, before the actions' column ends: the booked chef (issue 32) */
  footer?: ReactNode;
}) {
  return (
    <li className={panel ? 'list-item shift-row has-panel' : 'list-item shift-row'}>
      <div>
        <h2 className="list-title h-reset">
          <PositionTitle title={title} urgent={urgent} />
        </h2>
        {lines.filter(Boolean).map((l, i) => (
          <div key={i} className="hint">
            {l}
          </div>
        ))}
        <Alert>{error ?? null}</Alert>
        {footer}
      </div>
      <div className="item-actions">{actions}</div>
      {panel && <div className="row-panel">{panel}</div>}
    </li>
  );
}
