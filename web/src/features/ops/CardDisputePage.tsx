import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api';
import { Alert } from '../../shared/components/Alert';
import { ActionPair } from '../../shared/components/ActionPair';
import { Fact } from '../../shared/components/Facts';
import { TextAreaField } from '../../shared/components/TextAreaField';
import { cardDisputesApi, type CardDispute } from './cardDisputesApi';
import { disputeActions, evidenceBody, groupEvidence, type EvidenceGroup } from './cardDisputeEvidence';
import { RestaurantFlag } from './CardDisputesPage';
import { formatCents, formatDateTime, Loaded, OpsPage, TimelineLink } from './OpsPage';

const NOTE_MAX = 2000;

function DisputeFacts({ dispute: d }: { dispute: CardDispute }) {
  const { t } = useTranslation('ops');
  return (
    <section className="card" aria-labelledby="card-dispute-facts" data-testid="card-dispute-facts">
      <h2 id="card-dispute-facts">{t('cardDisputes.facts')}</h2>
      <dl className="facts">
        <Fact label={t('cardDisputes.columns.status')} testId="card-dispute-status">
          {t(`cardDisputes.status.${d.status}`)}
        </Fact>
        <Fact label={t('cardDisputes.columns.amount')}>{formatCents(d.amount_cents)}</Fact>
        <Fact label={t('cardDisputes.reason')}>{d.reason}</Fact>
        <Fact label={t('cardDisputes.columns.restaurant')}>
          {d.restaurant_name ?? t('unnamed')} <RestaurantFlag dispute={d} />
        </Fact>
        <Fact label={t('cardDisputes.columns.job')}>
          <TimelineLink jobId={d.job_id}>{d.job_title}</TimelineLink>
        </Fact>
        <Fact label={t('cardDisputes.charge')}>{d.charge_id}</Fact>
        <Fact label={t('cardDisputes.columns.dueBy')}>
          {d.evidence_due_by ? formatDateTime(d.evidence_due_by) : t('cardDisputes.noDueBy')}
        </Fact>
        <Fact label={t('cardDisputes.opened')}>{formatDateTime(d.created_at)}</Fact>
        {d.submitted_at && (
          <Fact label={t('cardDisputes.submittedAt')}>{formatDateTime(d.submitted_at)}</Fact>
        )}
        {d.accepted_at && <Fact label={t('cardDisputes.acceptedAt')}>{formatDateTime(d.accepted_at)}</Fact>}
      </dl>
    </section>
  );
}

/** The evidence by Stripe's section, each entry as the service wrote it; the services that could not answer. */
function EvidenceSections({ groups, unavailable }: { groups: EvidenceGroup[]; unavailable: string[] }) {
  const { t } = useTranslation('ops');
  return (
    <section aria-labelledby="card-dispute-evidence" data-testid="card-dispute-evidence">
      <h2 id="card-dispute-evidence">{t('cardDisputes.evidence')}</h2>
      <p className="hint">{t('cardDisputes.evidenceHint')}</p>
      {unavailable.length > 0 && (
        <div data-testid="evidence-unavailable">
          <Alert tone="warning">{t('cardDisputes.unavailable', { services: unavailable.join(', ') })}</Alert>
        </div>
      )}
      {groups.length === 0 && <p className="muted">{t('cardDisputes.noEvidence')}</p>}
      {groups.map((g) => (
        <section key={g.section} className="card" data-testid={`evidence-${g.section}`}>
          <h3>{t(`cardDisputes.sections.${g.section}`)}</h3>
          {g.entries.map((e, i) => (
            <article key={`${e.service}-${e.at}-${i}`} data-testid="evidence-entry">
              <h4>
                {e.title} <span className="hint">({e.service})</span>
              </h4>
              <p className="pre-wrap">{e.text}</p>
            </article>
          ))}
          {g.leftOut > 0 && (
            <p className="hint" data-testid="evidence-left-out">
              {t('cardDisputes.leftOut', { count: g.leftOut })}
            </p>
          )}
        </section>
      ))}
    </section>
  );
}

/**
 * The operator's answer: a note, then Submit evidence (sent as shown, with `submit: true`) or Accept dispute
 * (the amount is lost and the restaurant flagged until it pays it back), each confirmed first; neither once the
 * dispute was answered or closed. Refusals are shown from their codes.
 */
function Answer({ dispute, groups }: { dispute: CardDispute; groups: EvidenceGroup[] | null }) {
  const { t } = useTranslation('ops');
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<'submit' | 'accept' | null>(null);
  const [submit, submitted] = cardDisputesApi.useSubmitCardDisputeMutation();
  const [accept, accepted] = cardDisputesApi.useAcceptCardDisputeMutation();
  const done = submitted.data?.card_dispute ?? accepted.data?.card_dispute;
  const { open, why } = disputeActions(done ?? dispute);
  const busy = submitted.isLoading || accepted.isLoading;
  const error = submitted.error ?? accepted.error;

  const onSubmit = async () => {
    if (!groups) return;
    const trimmed = note.trim();
    await submit({ id: dispute.id, evidence: evidenceBody(groups), ...(trimmed ? { note: trimmed } : {}) });
    setConfirming(null);
  };
  const onAccept = async () => {
    await accept({ id: dispute.id, note: note.trim() });
    setConfirming(null);
  };
  const ask = (what: 'submit' | 'accept') => {
    if (what === 'accept' && !note.trim()) {
      setNoteError(t('cardDisputes.noteRequired'));
      return;
    }
    setNoteError(null);
    setConfirming(what);
  };

  return (
    <section className="card" aria-labelledby="card-dispute-answer" data-testid="card-dispute-answer">
      <h2 id="card-dispute-answer">{t('cardDisputes.answer')}</h2>
      {done && (
        <Alert tone="success">
          {submitted.data ? t('cardDisputes.submittedDone') : t('cardDisputes.acceptedDone')}
        </Alert>
      )}
      {!open && !done && <p className="hint">{t(`cardDisputes.why.${why}`)}</p>}
      <TextAreaField
        label={t('cardDisputes.note')}
        hint={t('cardDisputes.noteHint')}
        error={noteError}
        value={note}
        onChange={setNote}
        maxLength={NOTE_MAX}
      />
      {error && <Alert>{errorText(error, t('cardDisputes.failed'))}</Alert>}
      {confirming === 'submit' && (
        <div data-testid="confirm-submit">
          <p>{t('cardDisputes.confirmSubmit')}</p>
          <ActionPair
            label={t('cardDisputes.yesSubmit')}
            busyLabel={t('cardDisputes.sending')}
            busy={busy}
            onClick={() => void onSubmit()}
            other={t('resolve.change')}
            onOther={() => setConfirming(null)}
          />
        </div>
      )}
      {confirming === 'accept' && (
        <div data-testid="confirm-accept">
          <p>
            {t('cardDisputes.confirmAccept', {
              amount: formatCents(dispute.amount_cents),
              restaurant: dispute.restaurant_name ?? t('unnamed'),
            })}
          </p>
          <ActionPair
            label={t('cardDisputes.yesAccept')}
            busyLabel={t('cardDisputes.sending')}
            busy={busy}
            danger
            onClick={() => void onAccept()}
            other={t('resolve.change')}
            onOther={() => setConfirming(null)}
          />
        </div>
      )}
      {confirming === null && (
        <div className="actions-row">
          <button
            type="button"
            className="btn"
            disabled={!open || !groups || busy}
            onClick={() => ask('submit')}
          >
            {t('cardDisputes.submit')}
          </button>
          <button
            type="button"
            className="btn btn-danger"
            disabled={!open || busy}
            onClick={() => ask('accept')}
          >
            {t('cardDisputes.accept')}
          </button>
        </div>
      )}
    </section>
  );
}

function Evidence({ dispute }: { dispute: CardDispute }) {
  const query = cardDisputesApi.useJobEvidenceQuery(
    { jobId: dispute.job_id, restaurantId: dispute.restaurant_id },
    { refetchOnMountOrArgChange: true },
  );
  const groups = query.data ? groupEvidence(query.data.entries) : null;
  return (
    <>
      <Loaded query={query}>
        {(data) => <EvidenceSections groups={groups ?? []} unavailable={data.unavailable ?? []} />}
      </Loaded>
      <Answer dispute={dispute} groups={groups} />
    </>
  );
}

/** /ops/card-disputes/:id: the dispute, its evidence from Brigade's records by section, and the answer. */
export default function CardDisputePage() {
  const { t } = useTranslation('ops');
  const { id = '' } = useParams();
  const query = cardDisputesApi.useCardDisputeQuery(id, { refetchOnMountOrArgChange: true });
  return (
    <OpsPage title={t('cardDisputes.detailTitle')}>
      <Loaded query={query}>
        {({ card_dispute }) => (
          <>
            <DisputeFacts dispute={card_dispute} />
            <Evidence dispute={card_dispute} />
          </>
        )}
      </Loaded>
    </OpsPage>
  );
}
