import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api';
import { saveFile } from '../../shared/download';
import { Alert } from '../../shared/components/Alert';
import { type JobPosting, stateOf } from '../jobs';
import { calendarApi } from './calendarApi';

/** A confirmed shift: the job is filled and, for a chef, the viewer is its confirmed chef. */
export function isConfirmedShift(job: JobPosting, side: 'chef' | 'restaurant'): boolean {
  if (job.status !== 'filled') return false;
  if (side === 'restaurant') return true;
  return !!job.user_application && stateOf(job.user_application) === 'confirmed';
}

/**
 * "Add to calendar" on a confirmed shift's page, for its restaurant and its confirmed chef: the shift as an .ics
 * file (GET /jobs/{id}/calendar.ics), which calendar apps open or import. Nothing for any other shift.
 */
export function AddToCalendar({ job, side }: { job: JobPosting; side: 'chef' | 'restaurant' }) {
  const { t } = useTranslation('jobs');
  const [fetchFile, file] = calendarApi.useLazyShiftCalendarQuery();
  const [error, setError] = useState<string | null>(null);
  if (!isConfirmedShift(job, side)) return null;
  const onClick = async () => {
    setError(null);
    const res = await fetchFile(job.id);
    if (typeof res.data !== 'string') return setError(errorText(res.error, t('calendar.failed')));
    saveFile(res.data, `brigade-shift-${job.start_time.slice(0, 10)}.ics`, 'text/calendar;charset=utf-8');
  };
  return (
    <div className="actions-row">
      <button
        type="button"
        className="btn btn-small btn-secondary"
        disabled={file.isFetching}
        aria-describedby={`calendar-hint-${job.id}`}
        onClick={() => void onClick()}
      >
        {file.isFetching ? t('calendar.preparing') : t('calendar.add')}
      </button>
      <span id={`calendar-hint-${job.id}`} className="hint">
        {t('calendar.hint')}
      </span>
      <Alert>{error}</Alert>
    </div>
  );
}
