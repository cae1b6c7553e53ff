import { useTranslation } from 'react-i18next';
import { CsvButton } from '../../shared/components/CsvButton';
import { paymentsApi } from '../payments';

/** "Download CSV": the server's own export of the report (the same rows, money in dollars, ISO dates). */
export function DownloadCsv({ report }: { report: 'earnings' | 'receipts' }) {
  const { t } = useTranslation('earnings');
  const [download, { isLoading }] = paymentsApi.useMoneyCsvMutation();
  return (
    <CsvButton
      fetchFile={() => download(report).unwrap()}
      busy={isLoading}
      texts={{ download: t('csv.download'), preparing: t('csv.preparing'), failed: t('csv.failed') }}
    />
  );
}
