import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { errorStatus, errorText } from '../api';
import { Alert } from './Alert';

/** Chef Not Found, Restaurant Not Found, Job Not Found...: a title, a sentence and Go Back. */
export function NotFoundScreen({ title, text }: { title: string; text?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="page narrow center">
      <h1>{title}</h1>
      {text && <p className="muted">{text}</p>}
      <button type="button" className="btn" onClick={() => navigate(-1)}>
        {t('goBack')}
      </button>
    </section>
  );
}

/**
 * A page whose record did not come: the `missing` statuses (not found, not valid, not the viewer's: 404, 400,
 * 403) and no error at all are the not-found screen; any other failure is its error in an alert (`failed` when
 * the server said nothing readable).
 */
export function MissingScreen({
  error,
  failed,
  title,
  text,
  missing = [404, 400, 403],
}: {
  error: FetchBaseQueryError | SerializedError | undefined;
  failed: string;
  title: string;
  text?: string;
  missing?: number[];
}) {
  const status = errorStatus(error);
  if (error && (status === undefined || !missing.includes(status)))
    return (
      <section className="page narrow">
        <Alert>{errorText(error, failed)}</Alert>
      </section>
    );
  return <NotFoundScreen title={title} text={text} />;
}
