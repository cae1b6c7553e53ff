import { AppError } from '@brigade/kit';

/** Every thread that is not the caller's is "not found": its existence is not revealed (404, never 403). */
export const threadNotFound = () => new AppError(404, 'MESSAGING.THREAD_NOT_FOUND', 'Conversation not found');

/** A restaurant opened a job's thread without naming the chef, and the job has several applicants. */
export const chefRequired = (chefIds: string[]) =>
  new AppError(
    400,
    'MESSAGING.CHEF_REQUIRED',
    'This job has several applicants: say which chef with chef_id',
    { chef_ids: chefIds },
  );

export const badCursor = () =>
  new AppError(
    400,
    'MESSAGING.BAD_CURSOR',
    'since must be an ISO date-time or the id of a message in this conversation',
  );
