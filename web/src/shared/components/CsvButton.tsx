import { useState } from 'react';
import { saveFile } from '../download';
import { Alert } from './Alert';

/** The texts of a CSV button, in the page's own namespace. */
export interface CsvButtonTexts {
  download: string;
  preparing: string;
  failed: string;
}

/**
 * "Download CSV": asks the server for its own export (`fetchFile`, a mutation's unwrap) and saves it; a failure
 * says so under the button.
 */
export function CsvButton({
  fetchFile,
  busy,
  texts,
}: {
  fetchFile: () => Promise<{ text: string; filename: string }>;
  busy: boolean;
  texts: CsvButtonTexts;
}) {
  const [failed, setFailed] = useState(false);
  const onClick = async () => {
    setFailed(false);
    try {
      const file = await fetchFile();
      saveFile(file.text, file.filename, 'text/csv;charset=utf-8');
    } catch {
      setFailed(true);
    }
  };
  return (
    <>
      <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void onClick()}>
        {busy ? texts.preparing : texts.download}
      </button>
      {failed && (
        <div className="money-csv-error">
          <Alert>{texts.failed}</Alert>
        </div>
      )}
    </>
  );
}
