import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api';
import { Alert } from '../../shared/components/Alert';
import {
  baseLanguage,
  StatementText,
  TranslatedText,
  useTranslatedText,
} from '../../shared/components/TranslatedText';
import { jobsApi, type DisputeStatement, type JobDispute, type JobPosting } from './jobsApi';
import { formatCents, formatDateTime } from '../../shared/format';
import { Fact } from '../../shared/components/Facts';
import { TextAreaField } from '../../shared/components/TextAreaField';

const STATEMENT_MAX = 2000;
type Side = 'chef' | 'restaurant';

/**
 * One statement: in the reader's language when it was translated into it ("Translated from English · Show
 * original"), else as written ("Not translated" when it is in the other language).
 */
function Statement({ statement, side }: { statement: DisputeStatement; side: Side }) {
  const { t, i18n } = useTranslation('jobs');
  const reader = baseLanguage(i18n.resolvedLanguage ?? i18n.language);
  const shown = useTranslatedText({
    original: statement.text,
    originalLanguage: statement.language,
    translation: statement.translated_language === reader ? statement.translated_text : null,
    mine: statement.author_side === side,
  });
  return (
    <li className="card" data-testid="dispute-statement">
      <p className="hint">
        {statement.author_side === side ? t('dispute.yours') : t(`dispute.theirs_${statement.author_side}`)} ·{' '}
        {formatDateTime(statement.created_at)}
      </p>
      <StatementText shown={shown} />
    </li>
  );
}

/**
 * The form for one more statement, with how many this side may still write (DISPUTE_STATEMENTS_MAX a side,
 * issue 33) shown before anyone writes; none left: only that.
 */
function AddStatement({
  jobId,
  left,
  max,
  seatNo,
}: {
  jobId: string;
  left: number;
  max: number;
  /** the seat the statement is about, when the posting has several disputes (issue 35) */
  seatNo?: number;
}) {
  const { t } = useTranslation('jobs');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [add, result] = jobsApi.useAddDisputeStatementMutation();
  if (left <= 0)
    return (
      <p className="muted" data-testid="statements-left">
        {t('dispute.noStatementsLeft', { max })}
      </p>
    );
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const statement = text.trim();
    if (!statement) return setError(t('dispute.statementRequired'));
    if (statement.length > STATEMENT_MAX)
      return setError(t('dispute.statementTooLong', { max: STATEMENT_MAX }));
    setError(null);
    const res = await add({ id: jobId, statement, ...(seatNo ? { seat_no: seatNo } : {}) });
    if (res.error) setError(errorText(res.error, t('dispute.statementFailed')));
    else setText('');
  };
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <p className="hint" data-testid="statements-left">
        {t('dispute.statementsLeft', { count: left, max })}
      </p>
      <TextAreaField
        label={t('dispute.addStatement')}
        hint={t('dispute.statementHint', { count: text.trim().length, max: STATEMENT_MAX })}
        error={error}
        maxLength={STATEMENT_MAX}
        value={text}
        onChange={setText}
      />
      {result.isSuccess && !error && !text && <Alert tone="success">{t('dispute.statementSent')}</Alert>}
      <button type="submit" className="btn" disabled={result.isLoading}>
        {result.isLoading ? t('dispute.sending') : t('dispute.send')}
      </button>
    </form>
  );
}

/**
 * The dispute of a job whose checkouts disagreed, as its two parties see it: both sides' statements, a form to
 * add one while it is open, and once an operator decided, what each side got and the operator's note. The owner
 * of a posting of several chefs reads one per disputed seat (Job.disputes, issue 35), each named by its seat and
 * chef, and writes on each.
 */
export function DisputePanel({ job, side }: { job: JobPosting; side: Side }) {
  const several = side === 'restaurant' && (job.disputes?.length ?? 0) > 1;
  const list = several ? job.disputes! : job.dispute ? [job.dispute] : [];
  return (
    <>
      {list.map((dispute, i) => (
        <SeatDispute
          key={dispute.seat_no ?? i}
          job={job}
          dispute={dispute}
          side={side}
          seatNo={several ? dispute.seat_no : undefined}
          first={i === 0}
        />
      ))}
    </>
  );
}

function SeatDispute({
  job,
  dispute,
  side,
  seatNo,
  first,
}: {
  job: JobPosting;
  dispute: JobDispute;
  side: Side;
  seatNo?: number;
  first: boolean;
}) {
  const { t } = useTranslation('jobs');
  const resolution = dispute.resolution;
  const titleId = seatNo ? `dispute-title-${seatNo}` : 'dispute-title';
  const chef = seatNo ? (job.seat_list ?? []).find((s) => s.seat_no === seatNo)?.chef_name : null;
  return (
    <section
      className="card"
      id={first ? 'dispute' : `dispute-${seatNo}`}
      aria-labelledby={titleId}
      data-testid="dispute-panel"
    >
      <h2 id={titleId}>
        {seatNo
          ? chef
            ? t('dispute.titleSeatNamed', { number: seatNo, name: chef })
            : t('dispute.titleSeat', { number: seatNo })
          : t('dispute.title')}
      </h2>
      {resolution ? (
        <div data-testid="dispute-decision">
          <p>{t('dispute.decided', { at: formatDateTime(resolution.resolved_at) })}</p>
          <dl className="facts">
            <Fact label={side === 'chef' ? t('dispute.paidToYou') : t('dispute.chefPaid')}>
              {formatCents(resolution.chef_pay_cents)}
            </Fact>
            <Fact label={t('dispute.refund')}>{formatCents(resolution.refund_cents)}</Fact>
            <Fact label={t('dispute.fee')}>{formatCents(resolution.fee_cents)}</Fact>
            <Fact label={t('dispute.note')}>
              <TranslatedText
                text={resolution.note}
                translation={resolution.note_translation}
                testId="dispute-note"
              />
            </Fact>
          </dl>
        </div>
      ) : (
        <p>{t('dispute.open')}</p>
      )}
      <h3>{t('dispute.statements')}</h3>
      {dispute.statements.length === 0 ? (
        <p className="muted">{t('dispute.noStatements')}</p>
      ) : (
        <ul className="plain-list">
          {dispute.statements.map((s) => (
            <Statement key={s.id} statement={s} side={side} />
          ))}
        </ul>
      )}
      {dispute.status === 'open' && !resolution && (
        <AddStatement
          jobId={job.id}
          left={dispute.statements_left}
          max={dispute.statements_max}
          seatNo={seatNo}
        />
      )}
    </section>
  );
}

/** On My Shifts: a disputed (or decided) shift links to its dispute on the job page. */
export function DisputeLink({ job }: { job: Partial<JobPosting> | null | undefined }) {
  const { t } = useTranslation('jobs');
  if (!job?.id || (job.status !== 'disputed' && !job.dispute)) return null;
  return (
    <Link to={`/jobs/${job.id}#dispute`} data-testid="dispute-link">
      {job.dispute?.resolution ? t('dispute.seeDecision') : t('dispute.seeDispute')}
    </Link>
  );
}
