import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api';
import { Alert } from '../../shared/components/Alert';
import { ActionPair } from '../../shared/components/ActionPair';
import { Fact } from '../../shared/components/Facts';
import { TextAreaField } from '../../shared/components/TextAreaField';
import { StatementText } from '../../shared/components/TranslatedText';
import { formatShift } from '../../shared/format';
import { appealsApi, type OpsAppeal } from './appealsApi';
import { useOperatorText } from './DisputePage';
import { formatDateTime, Loaded, OpsPage, TimelineLink } from './OpsPage';

const NOTE_MAX = 2000;

/**
 * /ops/appeals (issue 39): appeals of a mark on a record, pending first (oldest first), then the latest decided.
 * Each shows who appeals, the mark and why it is there, the shift's events that led to it, and the statement in
 * the console's language (translated, marked as such). The operator keeps or removes the mark with a note,
 * confirmed first: audited, and the appellant is texted either way.
 */
export default function AppealsPage() {
  const { t } = useTranslation('ops');
  const query = appealsApi.useOpsAppealsQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <OpsPage title={t('appeals.title')}>
      <p className="hint">{t('appeals.intro')}</p>
      <Loaded query={query}>
        {({ appeals }) =>
          appeals.length === 0 ? (
            <p className="muted">{t('appeals.none')}</p>
          ) : (
            <ul className="plain-list">
              {appeals.map((a) => (
                <AppealCard key={a.id} appeal={a} />
              ))}
            </ul>
          )
        }
      </Loaded>
    </OpsPage>
  );
}

function AppealCard({ appeal: a }: { appeal: OpsAppeal }) {
  const { t } = useTranslation('ops');
  const { t: tc } = useTranslation('catalog');
  const title = a.job ? tc(`positions.${a.job.title}`, { defaultValue: a.job.title }) : t('appeals.shift');
  const headingId = `appeal-${a.id}`;
  return (
    <li className="card" data-testid="appeal" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {t(`appeals.kinds.${a.mark.kind}`)} · <bdi>{a.user.name ?? t('unnamed')}</bdi>{' '}
        <span className="hint">({t(`appeals.sides.${a.user.type}`)})</span>{' '}
        <span className={a.status === 'pending' ? 'tag tag-overdue' : 'tag'} data-testid="appeal-status">
          {t(`appeals.status.${a.status}`)}
        </span>
      </h2>
      <dl className="facts">
        <Fact label={t('appeals.reason')}>{t(`appeals.reasons.${a.mark.reason}_${a.user.type}`)}</Fact>
        <Fact label={t('appeals.marked')}>{formatDateTime(a.mark.at)}</Fact>
        <Fact label={t('appeals.shift')}>
          <TimelineLink jobId={a.mark.job_id}>
            {a.job ? `${title} · ${formatShift(a.job.start_time, a.job.end_time)}` : title}
          </TimelineLink>
        </Fact>
        <Fact label={t('appeals.appealed')}>{formatDateTime(a.created_at)}</Fact>
      </dl>
      <Statement appeal={a} />
      <Timeline appeal={a} />
      {a.decision ? <Decision appeal={a} /> : <Decide appeal={a} />}
    </li>
  );
}

function Statement({ appeal: a }: { appeal: OpsAppeal }) {
  const { t } = useTranslation('ops');
  const s = a.statement;
  const shown = useOperatorText(s.text, s.language, s.translated_text, s.translated_language);
  return (
    <section aria-label={t('appeals.statement')} data-testid="appeal-statement">
      <h3>{t('appeals.statement')}</h3>
      <StatementText shown={shown} />
    </section>
  );
}

/** The shift's events up to the mark, oldest first, in the console's words. */
function Timeline({ appeal: a }: { appeal: OpsAppeal }) {
  const { t } = useTranslation('ops');
  return (
    <section aria-label={t('appeals.timeline')} data-testid="appeal-timeline">
      <h3>{t('appeals.timeline')}</h3>
      {a.timeline.length === 0 ? (
        <p className="muted">{t('appeals.noTimeline')}</p>
      ) : (
        <ol className="timeline">
          {a.timeline.map((e, i) => (
            <li key={`${e.at}-${i}`}>
              <span className="hint">{formatDateTime(e.at)}</span> {e.summary}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Decision({ appeal: a }: { appeal: OpsAppeal }) {
  const { t } = useTranslation('ops');
  if (!a.decision) return null;
  return (
    <dl className="facts" data-testid="appeal-decision">
      <Fact label={t('appeals.decision')}>{t(`appeals.outcomes.${a.decision.outcome}`)}</Fact>
      <Fact label={t('appeals.note')} valueClassName="pre-wrap">
        {a.decision.note}
      </Fact>
      <Fact label={t('appeals.decidedAt')}>{formatDateTime(a.decision.decided_at)}</Fact>
    </dl>
  );
}

/** Keep or remove the mark, with a note; each confirmed first. */
function Decide({ appeal: a }: { appeal: OpsAppeal }) {
  const { t } = useTranslation('ops');
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<'keep' | 'remove' | null>(null);
  const [decide, decided] = appealsApi.useDecideAppealMutation();
  const ask = (outcome: 'keep' | 'remove') => {
    if (!note.trim()) {
      setNoteError(t('appeals.noteRequired'));
      return;
    }
    setNoteError(null);
    setConfirming(outcome);
  };
  const onConfirm = async () => {
    if (!confirming) return;
    await decide({ id: a.id, outcome: confirming, note: note.trim() });
    setConfirming(null);
  };
  const kind = t(`appeals.kinds.${a.mark.kind}`);
  return (
    <section aria-label={t('appeals.decide')} data-testid="appeal-decide">
      <h3>{t('appeals.decide')}</h3>
      <TextAreaField
        label={t('appeals.note')}
        hint={t('appeals.noteHint')}
        error={noteError}
        value={note}
        onChange={setNote}
        maxLength={NOTE_MAX}
      />
      {decided.error && <Alert>{errorText(decided.error, t('appeals.failed'))}</Alert>}
      {confirming ? (
        <div data-testid="appeal-confirm">
          <p>{t(`appeals.confirm.${confirming}`, { kind })}</p>
          <ActionPair
            label={t(`appeals.yes.${confirming}`)}
            busyLabel={t('appeals.deciding')}
            busy={decided.isLoading}
            danger={confirming === 'remove'}
            onClick={() => void onConfirm()}
            other={t('resolve.change')}
            onOther={() => setConfirming(null)}
          />
        </div>
      ) : (
        <div className="actions-row">
          <button type="button" className="btn btn-secondary" onClick={() => ask('keep')}>
            {t('appeals.keep')}
          </button>
          <button type="button" className="btn" onClick={() => ask('remove')}>
            {t('appeals.remove')}
          </button>
        </div>
      )}
    </section>
  );
}
