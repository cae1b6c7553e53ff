import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../shared/hooks';
import { Alert } from '../../shared/components/Alert';
import { type ChefProfile, type RestaurantProfile, onboardingPathFor } from '../auth';
import { ChefDetails, RestaurantDetails } from './ProfileDetails';
import { formatDate } from '../../shared/format';
import { formatPhone } from '../../shared/phone';
import { Fact } from '../../shared/components/Facts';
import { ProfileReviews } from '../reviews';

/** /profile/me: email, phone, account type and name, then the profile itself. */
export default function MyProfilePage() {
  const { t } = useTranslation('profile');
  const { user, profile } = useAuth();
  if (!user) return null;
  return (
    <section className="page narrow">
      <section className="card">
        <h1>{t('myProfile')}</h1>
        <dl className="facts">
          <Fact label={t('name')}>{profile?.name ?? '–'}</Fact>
          <Fact label={t('email')}>{user.email}</Fact>
          <Fact label={t('phone')}>{formatPhone(user.phone)}</Fact>
          <Fact label={t('accountType')}>{t(`types.${user.user_type}`)}</Fact>
          <Fact label={t('memberSince')}>{formatDate(user.created_at)}</Fact>
        </dl>
        <Link to="/settings" className="btn btn-secondary">
          {t('edit')}
        </Link>
      </section>
      {!profile ? (
        <Alert tone="warning">
          {t('noProfile')} <Link to={onboardingPathFor(user.user_type)}>{t('completeProfile')}</Link>
        </Alert>
      ) : user.user_type === 'chef' ? (
        <ChefDetails profile={profile as ChefProfile} />
      ) : (
        <RestaurantDetails profile={profile as RestaurantProfile} own />
      )}
      {profile && (
        <p>
          {/* issue 39: each mark of the record, why it is there, and its appeal */}
          <Link to="/record">{t('reliability.myRecord')}</Link>
        </p>
      )}
      {/* issue 39: the published reviews about me, each with a reply form until answered */}
      {profile && (user.user_type === 'chef' || user.user_type === 'restaurant') && (
        <ProfileReviews kind={user.user_type} id={user.id} mine />
      )}
    </section>
  );
}
