import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../shared/hooks';
import { Alert } from '../../shared/components/Alert';
import type { ChefProfile, RestaurantProfile } from '../auth/authApi';
import { onboardingPathFor } from '../auth/RequireAuth';
import { ChefDetails, RestaurantDetails } from './parts';
import { formatDate, formatPhone } from '../../shared/format';

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
          <div>
            <dt>{t('name')}</dt>
            <dd>{profile?.name ?? '–'}</dd>
          </div>
          <div>
            <dt>{t('email')}</dt>
            <dd>{user.email}</dd>
          </div>
          <div>
            <dt>{t('phone')}</dt>
            <dd>{formatPhone(user.phone)}</dd>
          </div>
          <div>
            <dt>{t('accountType')}</dt>
            <dd>{t(`types.${user.user_type}`)}</dd>
          </div>
          <div>
            <dt>{t('memberSince')}</dt>
            <dd>{formatDate(user.created_at)}</dd>
          </div>
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
    </section>
  );
}
