import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PublicFooter, PublicHeader } from '../landing';
import { NotFoundScreen } from '../../shared/components/NotFoundScreen';

const DOCS = {
  'chef-terms': 'chefTerms',
  'restaurant-terms': 'restaurantTerms',
  privacy: 'privacy',
} as const;

/** Chef terms, restaurant terms and the privacy policy (linked from sign-up), version 1.0. */
export default function LegalPage() {
  const { t } = useTranslation();
  const { t: tl } = useTranslation('legal');
  const { doc } = useParams();
  const key = DOCS[doc as keyof typeof DOCS];
  return (
    <>
      <PublicHeader />
      <main id="main" className="page narrow">
        {key ? (
          <>
            <h1>{t(`legal.${key}`)}</h1>
            <p className="muted">{tl('version')}</p>
            {(tl(`${key}Body`, { returnObjects: true }) as string[]).map((para, i) => (
              <p key={i}>{para}</p>
            ))}
          </>
        ) : (
          <NotFoundScreen title={t('notFound.title')} text={t('notFound.text')} />
        )}
      </main>
      <PublicFooter />
    </>
  );
}
