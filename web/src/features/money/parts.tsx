import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { paymentsApi, type CsvFile } from '../payments/paymentsApi';

/** Hands a file the server made to the browser as a download (no page change). */
export function saveFile(file: CsvFile) {
  const url = URL.createObjectURL(new Blob([file.text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** "Download CSV": the server's own export of the report (the same rows, money in dollars, ISO dates). */
export function DownloadCsv({ report }: { report: 'earnings' | 'receipts' }) {
  const { t } = useTranslation('earnings');
  const [download, { isLoading }] = paymentsApi.useMoneyCsvMutation();
  const [failed, setFailed] = useState(false);
  const onClick = async () => {
    setFailed(false);
    try {
      saveFile(await download(report).unwrap());
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

/** One figure of a shift's line: a term and its value. */
export function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="money-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
