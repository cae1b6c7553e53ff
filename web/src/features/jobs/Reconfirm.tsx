import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api';
import { Alert } from '../../shared/components/Alert';
import { ActionButton } from '../../shared/components/ActionButton';
import { formatShiftMoment } from '../../shared/format';
import { fillApi } from './fillApi';
import { jobsApi, type Application } from './jobsApi';

type Reconfirmable = Pick<Application, 'id' | 'reconfirm_by' | 'reconfirmed_at'>;

/**
 * Issue 37: a booked chef asked to reconfirm reads until when, with the "Reconfirm" button; once done,
 * "Reconfirmed". Nothing while none is due (booked inside the window, or not asked yet).
 */
export function ReconfirmAction({ app, city }: { app: Reconfirmable; city?: string | null }) {
  const { t } = useTranslation('jobs');
  const [reconfirm, sending] = fillApi.useReconfirmMutation();
  const [error, setError] = useState<string | null>(null);
  if (app.reconfirmed_at) return <span className="tag tag-confirmed">{t('reconfirm.done')}</span>;
  if (!app.reconfirm_by) return null;
  const onClick = async () => {
    setError(null);
    const res = await reconfirm(app.id);
    if (res.error) setError(errorText(res.error, t('reconfirm.failed')));
  };
  return (
    <span className="reconfirm">
      <ActionButton className="btn btn-small" busy={sending.isLoading} onClick={onClick}>
        {t('reconfirm.button')}
      </ActionButton>{' '}
      <span className="hint">{t('reconfirm.by', { when: formatShiftMoment(app.reconfirm_by, city) })}</span>
      <Alert>{error}</Alert>
    </span>
  );
}

/** The job page's card of the chef's own booked seat: reads the application for its reconfirmation. */
export function ReconfirmCard({ applicationId, city }: { applicationId: string; city?: string | null }) {
  const { t } = useTranslation('jobs');
  const app = jobsApi.useApplicationQuery(applicationId).data?.application;
  if (!app || (!app.reconfirm_by && !app.reconfirmed_at)) return null;
  return (
    <section className="card" aria-labelledby="reconfirm-title">
      <h2 id="reconfirm-title">{t('reconfirm.title')}</h2>
      {app.reconfirm_by && !app.reconfirmed_at && <p>{t('reconfirm.why')}</p>}
      <ReconfirmAction app={app} city={city} />
    </section>
  );
}
