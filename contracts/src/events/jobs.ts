import { jobApplicationEvents } from './jobs-application-events';
import { jobPostingEvents } from './jobs-posting-events';

/** Every event the jobs service publishes (type -> schema), in two files by what they are about. */
export const jobsEvents = { ...jobPostingEvents, ...jobApplicationEvents } as const;
