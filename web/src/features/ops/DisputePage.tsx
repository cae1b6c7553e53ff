import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Reliability } from '../profile';
import { seatFigures } from '../../shared/money/figures';
import { shiftWhen } from '../jobs';
import { baseLanguage, StatementText, useTranslatedText } from '../../shared/components/TranslatedText';
import { opsApi, type OpsDispute, type OpsMessage } from './opsApi';
import { formatCents, formatDateTime, Loaded, OpsPage, TimelineLink, useAge } from './OpsPage';
import { ResolveForm } from './ResolveForm';
import { HoursDispute } from './HoursDispute';
import { JobLedger } from './JobLedger';
import { Fact } from '../../shared/components/Facts';

type Side = 'chef' | 'restaurant';

function SideFacts({ dispute, side }: { dispute: OpsDispute; side: Side }) {
  const { t } = useTranslation('ops');
  const party = dispute[side];
  const answer = dispute.checkouts[side];
  return (
    <section className="card" aria-labelledby={`side-${side}`} data-testid={`side-${side}`}>
      <h3 id={`side-${side}`}>
        {t(`dispute.${side}`)}: {party.name ?? t('unnamed')}
      </h3>
      {answer ? (
        <dl className="facts">
          <Fact label={t('dispute.worked')}>
            {answer.work_completed ? t('dispute.workedYes') : t('dispute.workedNo')}
          </Fact>
          <Fact label={t('dispute.rating')}>
            {answer.rating === null ? t('dispute.noRating') : t('dispute.stars', { rating: answer.rating })}
          </Fact>
          <Fact label={t('dispute.feedback')} valueClassName="pre-wrap">
            {answer.feedback ?? t('dispute.noFeedback')}
          </Fact>
          <Fact label={t('dispute.answeredAt')}>{formatDateTime(answer.answered_at)}</Fact>
        </dl>
      ) : (
        <p className="muted">{t('dispute.noAnswer')}</p>
      )}
      <Reliability record={party.reliability} compact />
    </section>
  );
}

/** The operator reads a text in the console's language when it was translated into it, marked as such. */
export function useOperatorText(
  text: string,
  language: string | null,
  translated: string | null,
  into: string | null,
) {
  const { i18n } = useTranslation('ops');
  const reader = baseLanguage(i18n.resolvedLanguage ?? i18n.language);
  return useTranslatedText({
    original: text,
    originalLanguage: language,
    translation:
      translated && baseLanguage(into) === reader && baseLanguage(language) !== reader ? translated : null,
  });
}

function Statement({ statement: s }: { statement: OpsDispute['statements'][number] }) {
  const { t } = useTranslation('ops');
  const shown = useOperatorText(s.text, s.language, s.translated_text, s.translated_language);
  return (
    <li className="card" data-testid="statement">
      <p className="hint">
        {t(`dispute.${s.author_side}`)} · {formatDateTime(s.created_at)}
      </p>
      <StatementText shown={shown} />
    </li>
  );
}

function ThreadMessage({ message: m, who }: { message: OpsMessage; who: string }) {
  // A message's translation is into the other of the two languages.
  const into = m.language ? (baseLanguage(m.language) === 'es' ? 'en' : 'es') : null;
  const shown = useOperatorText(m.text, m.language, m.translated_text, into);
  return (
    <li className="card">
      <p className="hint">
        {who} · {formatDateTime(m.created_at)}
      </p>
      <p className="pre-wrap" lang={shown.lang}>
        {shown.text}
      </p>
      {shown.mark && <p className="hint">{shown.mark}</p>}
    </li>
  );
}

/** The "more" control: the next page of statements, after the last one shown. */
function MoreStatements({ onMore }: { onMore: () => void }) {
  const { t } = useTranslation('ops');
  return (
    <button type="button" className="btn btn-secondary" onClick={onMore} data-testid="more-statements">
      {t('dispute.moreStatements')}
    </button>
  );
}

/** A further page of statements; the last page shown offers the next one. */
function StatementsPage({
  jobId,
  seatNo,
  after,
  last,
  onMore,
}: {
  jobId: string;
  seatNo?: number;
  after: string;
  last: boolean;
  onMore: (after: string) => void;
}) {
  const query = opsApi.useDisputeStatementsQuery({ jobId, seatNo, after });
  return (
    <Loaded query={query}>
      {({ dispute }) => (
        <>
          <ul className="plain-list">
            {dispute.statements.map((s) => (
              <Statement key={s.id} statement={s} />
            ))}
          </ul>
          {last && dispute.statements_next && (
            <MoreStatements onMore={() => onMore(dispute.statements_next!)} />
          )}
        </>
      )}
    </Loaded>
  );
}

/** The statements, oldest first, a page at a time (the case file brings the first page). */
function Statements({ dispute }: { dispute: OpsDispute }) {
  const { t } = useTranslation('ops');
  // the `after` of every further page shown, in order
  const [pages, setPages] = useState<string[]>([]);
  const more = (after: string) => setPages((shown) => (shown.includes(after) ? shown : [...shown, after]));
  const count = dispute.chef.statements_count + dispute.restaurant.statements_count;
  return (
    <section aria-labelledby="statements-title">
      <h2 id="statements-title">{t('dispute.statementsCount', { count })}</h2>
      {dispute.statements.length === 0 ? (
        <p className="muted">{t('dispute.noStatements')}</p>
      ) : (
        <>
          <ul className="plain-list">
            {dispute.statements.map((s) => (
              <Statement key={s.id} statement={s} />
            ))}
          </ul>
          {pages.length === 0 && dispute.statements_next && (
            <MoreStatements onMore={() => more(dispute.statements_next!)} />
          )}
          {pages.map((after, i) => (
            <StatementsPage
              key={after}
              jobId={dispute.job.id}
              seatNo={dispute.seat_no}
              after={after}
              last={i === pages.length - 1}
              onMore={more}
            />
          ))}
        </>
      )}
    </section>
  );
}

function Thread({ jobId, dispute }: { jobId: string; dispute: OpsDispute }) {
  const { t } = useTranslation('ops');
  const query = opsApi.useJobMessagesQuery(jobId);
  const sideName = (side: Side) => dispute[side].name ?? t(`dispute.${side}`);
  return (
    <section aria-labelledby="thread-title">
      <h2 id="thread-title">{t('dispute.thread', { count: dispute.thread_size })}</h2>
      <Loaded query={query}>
        {({ messages }) =>
          messages.length === 0 ? (
            <p className="muted">{t('dispute.noMessages')}</p>
          ) : (
            <ol className="plain-list thread">
              {messages.map((m) => (
                <ThreadMessage key={m.id} message={m} who={sideName(m.sender_type)} />
              ))}
            </ol>
          )
        }
      </Loaded>
    </section>
  );
}

/**
 * /ops/disputes/:jobId(?seat=N): both sides' facts and statements, the thread, the ledger, and the decision;
 * the seat's named by `?seat=` (issue 35: a posting of several may have a dispute per seat), else the one that
 * stands for the job.
 */
export default function DisputePage() {
  const { t } = useTranslation('ops');
  const { jobId = '' } = useParams();
  const [search] = useSearchParams();
  const seat = Number(search.get('seat'));
  const seatNo = Number.isInteger(seat) && seat >= 1 ? seat : undefined;
  const query = opsApi.useDisputeQuery({ jobId, seatNo }, { refetchOnMountOrArgChange: true });
  const age = useAge();
  const title = query.data
    ? t('dispute.title', { job: query.data.dispute.job.title })
    : t('dispute.titlePlain');
  return (
    <OpsPage title={title}>
      <Loaded query={query}>
        {({ dispute }) => (
          <>
            <div className="card">
              <dl className="facts">
                {(dispute.job.headcount ?? 1) > 1 && dispute.seat_no !== undefined && (
                  <Fact label={t('dispute.seat')} testId="dispute-seat">
                    {t('disputes.seatChef', {
                      seat: dispute.seat_no,
                      chef: dispute.chef.name ?? t('unnamed'),
                    })}
                  </Fact>
                )}
                <Fact label={t('dispute.when')}>
                  {shiftWhen(
                    dispute.job.start_time,
                    dispute.job.end_time,
                    dispute.job.restaurant_profiles?.city,
                  )}
                </Fact>
                <Fact label={t('dispute.shiftPay')}>
                  {formatCents(seatFigures(dispute.job).subtotal_cents)}
                </Fact>
                <Fact label={t('dispute.charged')}>{formatCents(seatFigures(dispute.job).total_cents)}</Fact>
                <Fact label={t('dispute.openFor')}>
                  {age(dispute.opened_at)}{' '}
                  {dispute.overdue && !dispute.resolution && (
                    <span className="tag tag-overdue">{t('disputes.overdue')}</span>
                  )}
                </Fact>
              </dl>
              <p>
                <TimelineLink jobId={dispute.job.id} />
              </p>
            </div>
            <section aria-labelledby="sides-title">
              <h2 id="sides-title">{t('dispute.sides')}</h2>
              <div className="grid-2">
                <SideFacts dispute={dispute} side="chef" />
                <SideFacts dispute={dispute} side="restaurant" />
              </div>
            </section>
            <Statements dispute={dispute} />
            <Thread jobId={dispute.job.id} dispute={dispute} />
            <JobLedger jobId={dispute.job.id} seatNo={dispute.seat_no} chef={dispute.chef} />
            <HoursDispute dispute={dispute} />
            {/* Always the form's place, decided or not: the operator who just decided keeps its confirmation
                when the refetched dispute comes back decided (the form shows the decision itself). */}
            <ResolveForm dispute={dispute} />
          </>
        )}
      </Loaded>
    </OpsPage>
  );
}
