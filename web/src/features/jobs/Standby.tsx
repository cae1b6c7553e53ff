import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api';
import { Alert } from '../../shared/components/Alert';
import { ActionButton } from '../../shared/components/ActionButton';
import { fillApi } from './fillApi';
import type { JobPosting } from './jobsApi';
import { heldShift, started } from './shiftState';
import { useNow } from './policy';

/**
 * Issue 37, the chef's job page: on a shift they cannot take now (filled, or applied and not booked), "Join
 * standby": when a seat reopens, the chefs on the list are offered it in the order they joined. On the list:
 * their place ("You're #2 on standby") and "Leave standby".
 */
export function StandbyPanel({ job }: { job: JobPosting }) {
  const { t } = useTranslation('jobs');
  const now = useNow();
  const [join, joining] = fillApi.useJoinStandbyMutation();
  const [leave, leaving] = fillApi.useLeaveStandbyMutation();
  const [error, setError] = useState<string | null>(null);
  const mine = job.user_application ?? null;
  const position = job.standby_position ?? null;
  const waiting = position !== null;
  const takeable = job.status === 'filled' || (job.status === 'open' && !!job.user_applied);
  if (started(job, now) || (mine && heldShift(mine)) || (!waiting && !takeable)) return null;
  const busy = joining.isLoading || leaving.isLoading;
  const act = async () => {
    setError(null);
    const res = waiting ? await leave(job.id) : await join(job.id);
    if (res.error) setError(errorText(res.error, t('standby.failed')));
  };
  return (
    <section className="card" aria-labelledby="standby-title">
      <h2 id="standby-title">{t('standby.title')}</h2>
      <p>{waiting ? t('standby.position', { position }) : t('standby.why')}</p>
      {!!job.standby_count && <p className="hint">{t('standby.count', { count: job.standby_count })}</p>}
      <Alert>{error}</Alert>
      <ActionButton className={waiting ? 'btn btn-secondary' : 'btn'} busy={busy} onClick={act}>
        {waiting ? t('standby.leave') : t('standby.join')}
      </ActionButton>
    </section>
  );
}
