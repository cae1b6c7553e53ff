import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api';
import type { jobsHttp } from '@brigade/contracts';
import { formatCents, formatRate, formatShiftMoment } from '../../shared/format';
import { Alert } from '../../shared/components/Alert';
import { shiftWhen } from '../jobs';
import { editsApi } from './editsApi';
import { ActionButton } from '../../shared/components/ActionButton';

type Terms = jobsHttp.ShiftTerms;

/**
 * A booked chef's answer to the restaurant's change of their shift (`edit_to_answer`): old and new side by side
 * (times, rate, break, the chef's pay), the deadline, then "Keep the shift" or, after a confirm, "Leave it".
 */
export function EditAnswerCard({
  edit,
  city,
  headingLevel = 2,
}: {
  /** the change to answer; null once answered (the card keeps saying what was answered) */
  edit: jobsHttp.EditToAnswer | null | undefined;
  city?: string | null;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation('jobs');
  const { t: tc } = useTranslation('catalog');
  const [answer, answering] = editsApi.useEditAnswerMutation();
  const [confirmLeave, setConfirmLeave] = useState(false);
  const [done, setDone] = useState<null | 'kept' | 'left'>(null);
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  const send = async (accept: boolean) => {
    if (!edit) return;
    setError(null);
    const res = await answer({ applicationId: edit.application_id, accept });
    if (res.error) setError(errorText(res.error, t('answer.failed')));
    else setDone(accept ? 'kept' : 'left');
  };

  if (done)
    return (
      <Alert tone="success">
        <span data-testid="edit-answer-done">{done === 'kept' ? t('answer.kept') : t('answer.left')}</span>
      </Alert>
    );

  if (!edit) return null;
  const rows: [string, (terms: Terms) => string][] = [
    [t('answer.when'), (x) => shiftWhen(x.start_time, x.end_time, city)],
    [t('answer.rate'), (x) => `${formatRate(x.hourly_rate)}/${tc('perHour')}`],
    [t('answer.break'), (x) => t('answer.minutes', { count: x.break_minutes })],
    [t('answer.pay'), (x) => formatCents(x.pay_cents)],
  ];
  return (
    <section className="card edit-answer" aria-labelledby={titleId} data-testid="edit-answer">
      <Heading id={titleId} className="h-reset">
        {t('answer.title')}
      </Heading>
      <table className="compare">
        <thead>
          <tr>
            <td />
            <th scope="col">{t('answer.before')}</th>
            <th scope="col">{t('answer.after')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, show]) => {
            const before = show(edit.before);
            const after = show(edit.after);
            return (
              <tr key={label} className={before === after ? undefined : 'changed'}>
                <th scope="row">{label}</th>
                <td>{before}</td>
                <td>{after}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p>{t('answer.by', { time: formatShiftMoment(edit.answer_by, city) })}</p>
      <p className="hint">{t('answer.noAnswer')}</p>
      <Alert>{error}</Alert>
      {confirmLeave ? (
        <div role="group" aria-label={t('answer.leaveConfirmLabel')}>
          <p>{t('answer.leaveConfirm')}</p>
          <div className="actions-row">
            <ActionButton
              className="btn btn-secondary"
              busy={answering.isLoading}
              onClick={() => send(false)}
            >
              {t('answer.leaveYes')}
            </ActionButton>
            <button type="button" className="btn" onClick={() => setConfirmLeave(false)}>
              {t('answer.back')}
            </button>
          </div>
        </div>
      ) : (
        <div className="actions-row">
          <ActionButton className="btn" busy={answering.isLoading} onClick={() => send(true)}>
            {t('answer.keep')}
          </ActionButton>
          <button type="button" className="btn btn-secondary" onClick={() => setConfirmLeave(true)}>
            {t('answer.leave')}
          </button>
        </div>
      )}
    </section>
  );
}
