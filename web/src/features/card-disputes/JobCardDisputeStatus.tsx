import { useTranslation } from 'react-i18next';
import { formatCents } from '../../shared/format';
import { api } from '../../shared/api';
import type { payHttp } from '@brigade/contracts';
import type { z } from 'zod';

type JobCardDispute = z.infer<typeof payHttp.JobCardDispute>;

/** The job's payment as payments reads it: only its card dispute is read here (`GET /payments/job/{jobId}`). */
const jobPaymentApi = api.injectEndpoints({
  endpoints: (build) => ({
    jobCardDispute: build.query<JobCardDispute | null, string>({
      query: (jobId) => `/payments/job/${encodeURIComponent(jobId)}`,
      transformResponse: (payment: { card_dispute?: JobCardDispute | null }) => payment.card_dispute ?? null,
      providesTags: (_r, _e, jobId) => [{ type: 'JobPayment', id: jobId }, 'JobPayment'],
    }),
  }),
});

/**
 * The job's payment status when its card was disputed (issue 38): "Payment: card dispute" with where it stands
 * (the bank is reviewing it, won, lost) and the amount; nothing when there is none.
 */
export function JobCardDisputeStatus({ jobId }: { jobId: string }) {
  const { t, ready } = useTranslation('card-disputes');
  const { data } = jobPaymentApi.useJobCardDisputeQuery(jobId);
  if (!ready || !data) return null;
  const stage = data.status === 'won' ? 'won' : data.status === 'lost' ? 'lost' : 'open';
  return (
    <p className="card-dispute-status" data-testid="job-card-dispute">
      <span className="tag">{t('job.label')}</span>{' '}
      {t(`job.${stage}`, { amount: formatCents(data.amount_cents) })}
    </p>
  );
}
