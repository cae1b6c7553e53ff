import { useTranslation } from 'react-i18next';
import { NotFoundScreen } from '../../shared/components/NotFoundScreen';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main id="main">
      <NotFoundScreen title={t('notFound.title')} text={t('notFound.text')} />
    </main>
  );
}
