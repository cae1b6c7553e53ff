import type { JobPosting } from './jobsApi';

const started = (job: Partial<JobPosting> | undefined, now = Date.now()) =>
  !!job?.start_time && new Date(job.start_time).getTime() <= now;
export const byStart = (a?: string, b?: string) => new Date(a ?? 0).getTime() - new Date(b ?? 0).getTime();

/** Where one side stands at checkout, as the text key of its label (null when there is nothing to say). */
export function checkoutState(
  side: 'chef' | 'restaurant',
  job: Partial<JobPosting> | undefined,
  now = Date.now(),
): 'checkout' | 'notYet' | 'waitingOther' | 'paid' | 'refunded' | 'completed' | 'disputed' | null {
  if (!job) return null;
  if (job.status === 'completed' || job.status === 'disputed') {
    if (job.payment_status === 'completed') return 'paid';
    if (job.payment_status === 'refunded') return 'refunded';
    return job.status === 'disputed' ? 'disputed' : 'completed';
  }
  if (job.status !== 'filled') return null;
  const mine = side === 'chef' ? job.chef_checkout_completed : job.restaurant_checkout_completed;
  if (mine) return 'waitingOther';
  return started(job, now) ? 'checkout' : 'notYet';
}
