import { jobApplicationEvents } from './jobs-application-events';
import { jobPostingEvents } from './jobs-posting-events';
import { fillEvents } from './fill';
import { appealEvents } from './appeals';
import { reviewEvents } from './reviews';

/** Every event the jobs service publishes (type -> schema), in files by what they are about. */
export const jobsEvents = {
  ...jobPostingEvents,
  ...jobApplicationEvents,
  ...fillEvents,
  ...appealEvents,
  // issue 39: reviews published and hidden
  ...reviewEvents,
} as const;
