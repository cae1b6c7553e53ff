import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

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
