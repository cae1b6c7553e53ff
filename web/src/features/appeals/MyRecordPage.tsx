import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api';
import { Alert } from '../../shared/components/Alert';
import { ActionPair } from '../../shared/components/ActionPair';
import { Fact } from '../../shared/components/Facts';
import { Spinner } from '../../shared/components/Spinner';
import { TextAreaField } from '../../shared/components/TextAreaField';
import { TranslatedText } from '../../shared/components/TranslatedText';
import { formatDuration } from '../../shared/contracts';
import { formatDate, formatDateTime, formatShift } from '../../shared/format';
import { useAuth } from '../../shared/hooks';
import { appealsApi, type Mark } from './appealsApi';

/** The longest statement (the contract's APPEAL_STATEMENT_MAX). */
const STATEMENT_MAX = 2000;

type Side = 'chef' | 'restaurant';

/**
 * /record (chefs and restaurants, issue 39): every mark on the reader's reliability record (a late cancellation,
 * a no-show, a dispute lost), newest first, each with why it is there, its date, the shift it is about (linked)
 * and whether it still counts; how many were removed on appeal. A mark that may still be appealed offers
 * "Appeal" until its deadline (shown, with what it costs: nothing); an appeal shows where it stands and the
 * operator's note, translated.
 */
export default function MyRecordPage() {
  const { t, i18n } = useTranslation('appeals');
  const { user } = useAuth();
  const query = appealsApi.useMyMarksQuery(undefined, { refetchOnMountOrArgChange: true });
  const data = query.data;
  const side: Side = user?.user_type === 'restaurant' ? 'restaurant' : 'chef';
  const language = (i18n.resolvedLanguage ?? i18n.language).startsWith('es') ? 'es' : 'en';
  return (
    <section className="page narrow">
      <h1>{t('title')}</h1>
      {data && (
        <p className="muted">{t('intro', { window: formatDuration(data.appeal_window_ms, language) })}</p>
      )}
      {query.isLoading && <Spinner />}
      {query.isError && <Alert>{errorText(query.error, t('loadFailed'))}</Alert>}
      {data && (
        <>
          {data.removed_on_appeal > 0 && (
            <p className="tag" data-testid="record-removed-on-appeal">
              {t('removedOnAppeal', { count: data.removed_on_appeal })}
            </p>
          )}
          {data.marks.length === 0 ? (
            <p className="empty">{t(`empty_${side}`)}</p>
          ) : (
            <ul className="plain-list">
              {data.marks.map((m) => (
                <MarkCard key={m.id} mark={m} side={side} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function MarkCard({ mark: m, side }: { mark: Mark; side: Side }) {
  const { t } = useTranslation('appeals');
  const { t: tc } = useTranslation('catalog');
  const title = m.job ? tc(`positions.${m.job.title}`, { defaultValue: m.job.title }) : t('shift');
  const headingId = `mark-${m.id}`;
  return (
    <li className="card" data-testid="mark" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {t(`kinds.${m.kind}`)}{' '}
        <span className={m.status === 'removed' ? 'tag' : 'tag tag-overdue'} data-testid="mark-status">
          {t(`status.${m.status}`)}
        </span>
      </h2>
      <p data-testid="mark-reason">{t(`reasons.${m.reason}_${side}`)}</p>
      <dl className="facts">
        <Fact label={t('date')}>{formatDateTime(m.at)}</Fact>
        <Fact label={t('shift')}>
          <Link to={`/jobs/${m.job_id}`} data-testid="mark-shift">
            {m.job ? `${title} · ${formatShift(m.job.start_time, m.job.end_time)}` : t('seeShift')}
          </Link>
        </Fact>
      </dl>
      <AppealPart mark={m} />
    </li>
  );
}

/** Where the mark's appeal stands, or the way to appeal it while its window is open. */
function AppealPart({ mark: m }: { mark: Mark }) {
  const { t } = useTranslation('appeals');
  const [open, setOpen] = useState(false);
  const a = m.appeal;
  if (a) {
    const when = formatDate(a.decided_at ?? a.created_at);
    return (
      <div data-testid="mark-appeal">
        <p>
          <strong>{t(`appeal.${a.status}`, { date: when })}</strong>
        </p>
        {a.note && (
          <p>
            <span className="hint">{t('appeal.note')}: </span>
            <TranslatedText
              text={a.note.text}
              translation={{
                language: a.note.language,
                translated_text: a.note.translated_text,
                translated_language: a.note.translated_language,
              }}
              testId="appeal-note"
            />
          </p>
        )}
      </div>
    );
  }
  if (m.appeal_refusal === 'JOBS.APPEAL_WINDOW_CLOSED')
    return (
      <p className="hint" data-testid="mark-appeal-closed">
        {t('appeal.windowClosed', { date: formatDateTime(m.appeal_until) })}
      </p>
    );
  if (m.appeal_refusal) return null;
  if (!open)
    return (
      <div data-testid="mark-appeal-open">
        <p className="hint">{t('appeal.until', { date: formatDateTime(m.appeal_until) })}</p>
        <button type="button" className="btn btn-secondary" onClick={() => setOpen(true)}>
          {t('appeal.start')}
        </button>
      </div>
    );
  return <AppealForm mark={m} onClose={() => setOpen(false)} />;
}

function AppealForm({ mark: m, onClose }: { mark: Mark; onClose: () => void }) {
  const { t } = useTranslation('appeals');
  const [statement, setStatement] = useState('');
  const [missing, setMissing] = useState<string | null>(null);
  const [fileAppeal, filed] = appealsApi.useFileAppealMutation();
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!statement.trim()) {
      setMissing(t('appeal.statementRequired'));
      return;
    }
    setMissing(null);
    const answer = await fileAppeal({ mark_id: m.id, statement: statement.trim() });
    if ('data' in answer) onClose();
  };
  return (
    <form className="card" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="appeal-form">
      <p>
        <strong>{t('appeal.formTitle', { kind: t(`kinds.${m.kind}`) })}</strong>
      </p>
      <p className="hint">{t('appeal.costs', { date: formatDateTime(m.appeal_until) })}</p>
      <TextAreaField
        label={t('appeal.statement')}
        hint={t('appeal.statementHint')}
        error={missing}
        value={statement}
        onChange={setStatement}
        maxLength={STATEMENT_MAX}
        rows={5}
      />
      {filed.error && <Alert>{errorText(filed.error, t('appeal.failed'))}</Alert>}
      <ActionPair
        label={t('appeal.send')}
        busyLabel={t('appeal.sending')}
        busy={filed.isLoading}
        other={t('appeal.cancel')}
        onOther={onClose}
      />
    </form>
  );
}
