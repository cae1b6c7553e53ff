import { Navigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { NotFoundScreen } from '../../components/NotFoundScreen';
import { Spinner } from '../../components/Spinner';
import { jobsApi } from '../jobs/jobsApi';

/** /payments/checkout/{applicationId}: paying is per job, so this opens the pay screen of the application's job. */
export default function PaymentCheckoutRedirect() {
  const { t } = useTranslation('payments');
  const { applicationId = '' } = useParams();
  const app = jobsApi.useApplicationQuery(applicationId);
  if (app.isLoading) return <Spinner />;
  const jobId = app.data?.application.job_postings?.id ?? app.data?.application.job_id;
  if (!jobId) return <NotFoundScreen title={t('pay.notFoundTitle')} text={t('pay.notFoundText')} />;
  return <Navigate to={`/payments/${jobId}`} replace />;
}
