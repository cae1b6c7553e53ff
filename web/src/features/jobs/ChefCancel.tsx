import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api';
import { formatDuration } from '../../shared/contracts';
import { Alert } from '../../shared/components/Alert';
import { jobsApi, type Application, type JobPosting } from './jobsApi';
import { usePolicyText } from './policy';
import { holdsShift, lateNow, lateWindowMs, stateOf } from './shiftState';
import { formatShiftMoment } from '../../shared/format';
import { ActionButton } from '../../shared/components/ActionButton';

/**
 * What withdrawing costs the chef, before `DELETE /applications/{id}`: from an accepted or confirmed shift,
 * whether it counts as a late cancellation (policy texts `chef_cancel_late` / `chef_cancel_early`, from the job's
 * `late_cancel_from`, in the shift's city time), and that a confirmed shift is offered to other chefs.
 */
export function chefCancelWarnings(
  app: Pick<Application, 'status' | 'worker_confirmed'>,
  job: Partial<JobPosting> | undefined,
  policy: ReturnType<typeof usePolicyText>,
  now = Date.now(),
): { late: boolean; rule: string | null } {
  if (!holdsShift(app) || !job?.late_cancel_from) return { late: false, rule: null };
  const { language } = policy;
  if (lateNow(job, now)) {
    const window = lateWindowMs(job);
    return {
      late: true,
      rule: policy.policy('chef_cancel_late', {
        window: window === null ? '' : formatDuration(window, language),
      }),
    };
  }
  return {
    late: false,
    rule: policy.policy('chef_cancel_early', {
      late_from: formatShiftMoment(job.late_cancel_from, job.restaurant_profiles?.city),
    }),
  };
}

/** The chef's confirmation before leaving a held shift: the rule that applies now, then Cancel or Keep. */
export function ChefCancelPanel({ app, onClose }: { app: Application; onClose: () => void }) {
  const { t } = useTranslation('jobs');
  const policy = usePolicyText();
  const [cancel, cancelling] = jobsApi.useCancelApplicationMutation();
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const onCancel = async () => {
    setError(null);
    const res = await cancel(app.id);
    if (res.error) setError(errorText(res.error, t('shifts.cancelFailed')));
    else onClose();
  };
  const { late, rule } = chefCancelWarnings(app, app.job_postings, policy);
  return (
    <section className="card cancel-panel" aria-labelledby={titleId}>
      <h3 id={titleId} className="h-reset" tabIndex={-1} ref={heading}>
        {t('chefCancel.title')}
      </h3>
      {rule && (
        <Alert tone={late ? 'warning' : 'info'}>
          <span data-testid="chef-cancel-rule">{rule}</span>
        </Alert>
      )}
      {stateOf(app) === 'confirmed' && <p>{t('chefCancel.reopens')}</p>}
      <Alert>{error}</Alert>
      <div className="actions-row">
        <ActionButton className="btn btn-small" busy={cancelling.isLoading} onClick={onCancel}>
          {cancelling.isLoading
            ? t('chefCancel.sending')
            : late
              ? t('chefCancel.confirmLate')
              : t('chefCancel.confirm')}
        </ActionButton>
        <button type="button" className="btn btn-small btn-secondary" onClick={onClose}>
          {t('chefCancel.keep')}
        </button>
      </div>
    </section>
  );
}
