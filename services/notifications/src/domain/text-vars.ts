/** What every application event says about its application and job. */
export interface ApplicationFacts {
  application_id: string;
  job_id: string;
  job_title: string;
  chef_id: string;
  restaurant_id: string;
  start_time: string;
}

/** What every application event says, as text variables. */
export function applicationVars(d: ApplicationFacts) {
  return {
    application_id: d.application_id,
    job_id: d.job_id,
    job_title: d.job_title,
    start_time: d.start_time,
    chef_id: d.chef_id,
    restaurant_id: d.restaurant_id,
  };
}

/** The job facts every job-related event carries, as the read model records them. */
export const jobFactsOf = (d: {
  job_id: string;
  restaurant_id: string;
  job_title: string;
  start_time: string;
  end_time: string;
}) => ({
  job_id: d.job_id,
  restaurant_id: d.restaurant_id,
  title: d.job_title,
  start_time: d.start_time,
  end_time: d.end_time,
});

/** What a direct offer's events say (issue 35), as text variables: the shift and the chef it was offered to. */
export const offerVars = (d: {
  job_id: string;
  title: string;
  start_time: string;
  chef_id: string;
  restaurant_id: string;
}) => ({
  job_id: d.job_id,
  job_title: d.title,
  start_time: d.start_time,
  chef_id: d.chef_id,
  restaurant_id: d.restaurant_id,
});

/** The job a text names, as the read model recorded it (title and start; left out when it never arrived). */
export const recordedJobVars = (
  jobId: string,
  job: { title: string; start_time: string | Date | null } | null,
) => ({
  job_id: jobId,
  job_title: job?.title,
  start_time: job?.start_time ? new Date(job.start_time).toISOString() : undefined,
});
