/** What every application event says, as text variables. */
export function applicationVars(d: {
  application_id: string;
  job_id: string;
  job_title: string;
  chef_id: string;
  restaurant_id: string;
  start_time: string;
}) {
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
