import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../shared/download';
import { Alert } from '../../shared/components/Alert';
import { paymentsApi } from '../payments';

/** "Download CSV": the server's own export of the report (the same rows, money in dollars, ISO dates). */
export function DownloadCsv({ report }: { report: 'earnings' | 'receipts' }) {
  const { t } = useTranslation('earnings');
  const [download, { isLoading }] = paymentsApi.useMoneyCsvMutation();
  const [failed, setFailed] = useState(false);
  const onClick = async () => {
    setFailed(false);
    try {
      const file = await download(report).unwrap();
      saveFile(file.text, file.filename, 'text/csv;charset=utf-8');
    } catch {
      setFailed(true);
    }
  };
  return (
    <>
      <button type="button" className="btn btn-secondary" disabled={isLoading} onClick={() => void onClick()}>
        {isLoading ? t('csv.preparing') : t('csv.download')}
      </button>
      {failed && (
        <div className="money-csv-error">
          <Alert>{t('csv.failed')}</Alert>
        </div>
      )}
    </>
  );
}
