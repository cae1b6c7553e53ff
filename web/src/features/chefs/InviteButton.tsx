import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api';
import { formatShiftMoment } from '../../shared/format';
import { Alert } from '../../shared/components/Alert';
import { jobsApi, type JobPosting } from '../jobs';

/** The restaurant's open shift that starts soonest (the one an invitation names), or null. */
export function nextOpenShift(jobs: JobPosting[] | undefined, now = Date.now()): JobPosting | null {
  const upcoming = (jobs ?? []).filter((j) => j.status === 'open' && Date.parse(j.start_time) > now);
  upcoming.sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time));
  return upcoming[0] ?? null;
}

/** The restaurant's open shifts, for Find Chefs' Invite buttons (restaurants only). */
export function useNextOpenShift(skip: boolean) {
  const open = jobsApi.useJobsQuery({ status: 'open', limit: 200 }, { skip });
  return { shift: nextOpenShift(open.data?.jobs), loading: open.isLoading };
}

/**
 * Invite: texts the chef the restaurant's next open shift (their notification settings allowing). Disabled,
 * with the reason, when the restaurant has no open shift; says what was sent once it is.
 */
export function InviteButton({
  chef,
  shift,
  reasonId,
}: {
  chef: { id: string; name: string };
  shift: JobPosting | null;
  /** The id of the text that says why inviting is not possible (no open shift). */
  reasonId: string;
}) {
  const { t } = useTranslation('jobs');
  const { t: tc } = useTranslation('catalog');
  const [invite, state] = jobsApi.useInviteChefMutation();
  const [error, setError] = useState<string | null>(null);
  const sent = state.data?.invitation;
  const onInvite = async () => {
    setError(null);
    const res = await invite({ chef_id: chef.id });
    if ('error' in res && res.error) setError(errorText(res.error, t('chefs.inviteFailed')));
  };
  if (sent) {
    const what = {
      name: chef.name,
      title: tc(`positions.${sent.job_title}`, { defaultValue: sent.job_title }),
      when: formatShiftMoment(sent.start_time, shift?.restaurant_profiles?.city),
    };
    return (
      <p className="hint invite-sent" role="status">
        {sent.already_invited ? t('chefs.alreadyInvited', what) : t('chefs.invited', what)}
      </p>
    );
  }
  return (
    <>
      <button
        type="button"
        className="btn btn-small btn-secondary"
        disabled={!shift || state.isLoading}
        aria-describedby={shift ? undefined : reasonId}
        aria-label={t('chefs.inviteNamed', { name: chef.name })}
        onClick={() => void onInvite()}
      >
        {state.isLoading ? t('chefs.inviting') : t('chefs.invite')}
      </button>
      <Alert>{error}</Alert>
    </>
  );
}
