import { useTranslation } from 'react-i18next';
import { CsvButton } from '../../shared/components/CsvButton';
import { statementsApi, type StatementFile } from './statementsApi';

/** "Download CSV": the server's own export of the statement (money in dollars with 2 places, ISO dates). */
export function StatementCsv({ file }: { file: StatementFile }) {
  const { t } = useTranslation('statements');
  const [download, { isLoading }] = statementsApi.useStatementCsvMutation();
  return (
    <CsvButton
      fetchFile={() => download(file).unwrap()}
      busy={isLoading}
      texts={{ download: t('csv.download'), preparing: t('csv.preparing'), failed: t('csv.failed') }}
    />
  );
}

/** "Print": the browser's print dialog (the print stylesheet keeps only the statement). */
export function PrintButton() {
  const { t } = useTranslation('statements');
  return (
    <button type="button" className="btn btn-secondary" onClick={() => window.print()}>
      {t('print')}
    </button>
  );
}
