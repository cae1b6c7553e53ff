import { SignupChoices } from './SignupChoices';
import { useTranslation } from 'react-i18next';
import { PublicFooter, PublicHeader } from './PublicHeader';

export default function AboutPage() {
  const { t } = useTranslation('landing');
  return (
    <>
      <PublicHeader />
      <main id="main" className="page narrow">
        <h1>{t('about.title')}</h1>
        <p className="lead">{t('about.intro')}</p>
        <h2>{t('about.storyTitle')}</h2>
        <p>{t('about.story')}</p>
        <h2>{t('about.howTitle')}</h2>
        <ul className="bullets">
          <li>{t('about.howRestaurants')}</li>
          <li>{t('about.howChefs')}</li>
          <li>{t('about.howPay')}</li>
        </ul>
        <h2>{t('about.whereTitle')}</h2>
        <p>{t('about.where')}</p>
        <SignupChoices restaurant={t('about.signupRestaurant')} chef={t('about.signupChef')} look="plain" />
      </main>
      <PublicFooter />
    </>
  );
}
