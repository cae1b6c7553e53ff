import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../shared/serverText';
import { formatCents } from '../../shared/format';
import { Alert } from '../../shared/components/Alert';
import { useCardErrorText } from '../payments';
import { jobsApi, type JobPosting } from '../jobs';

/** How often the job page re-reads a job whose edit is being charged. */
export const PENDING_EDIT_POLL_MS = 2_000;

/**
 * The owner's edit whose rise is being charged (`pending_edit`): "Charging $X to your card…" while the job is
 * re-read; once applied, the new terms (the job's own) with a note; declined: not saved, with the card's text.
 */
export function PendingEditNotice({ job }: { job: JobPosting }) {
  const { t } = useTranslation('jobs');
  const cardText = useCardErrorText();
  const pending = job.pending_edit ?? null;
  const charging = pending?.status === 'charging';
  jobsApi.useJobQuery(job.id, { skip: !charging, pollingInterval: PENDING_EDIT_POLL_MS });
  const wasCharging = useRef<number | null>(null);
  const [applied, setApplied] = useState<number | null>(null);
  useEffect(() => {
    if (charging) wasCharging.current = pending.charge_cents;
    else if (wasCharging.current !== null && !pending) {
      setApplied(wasCharging.current);
      wasCharging.current = null;
    }
  }, [charging, pending]);

  if (charging)
    return (
      <Alert tone="info">
        <span data-testid="pending-edit">
          {t('edit.charging', { amount: formatCents(pending.charge_cents) })}
        </span>
      </Alert>
    );
  if (pending?.status === 'declined') {
    const code = pending.code;
    const reason = !code
      ? null
      : code.includes('.')
        ? apiErrorText({ code }, '')
        : cardText({ code, decline_code: code });
    return (
      <Alert tone="warning">
        <span data-testid="pending-edit">
          {t('edit.declined')}
          {reason ? ` ${reason}` : ''}
        </span>
      </Alert>
    );
  }
  if (applied !== null)
    return (
      <Alert tone="success">
        <span data-testid="pending-edit">{t('edit.applied', { amount: formatCents(applied) })}</span>
      </Alert>
    );
  return null;
}
