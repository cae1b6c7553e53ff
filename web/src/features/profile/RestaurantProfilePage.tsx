import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { MissingScreen } from '../../shared/components/NotFoundScreen';
import { Spinner } from '../../shared/components/Spinner';
import { profilesApi } from './profilesApi';
import { RestaurantDetails } from './ProfileDetails';

export default function RestaurantProfilePage() {
  const { t } = useTranslation('profile');
  const { id = '' } = useParams();
  const { data, error, isLoading } = profilesApi.useRestaurantProfileQuery(id);
  if (isLoading) return <Spinner />;
  if (error || !data?.profile)
    return (
      <MissingScreen
        error={error}
        failed={t('loadFailed')}
        title={t('restaurantNotFound')}
        text={t('restaurantNotFoundText')}
        missing={[404, 400]}
      />
    );
  return (
    <section className="page narrow">
      <RestaurantDetails profile={data.profile} />
    </section>
  );
}
