import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorStatus, errorText } from '../../shared/api';
import { Alert } from '../../shared/components/Alert';
import { NotFoundScreen } from '../../shared/components/NotFoundScreen';
import { Spinner } from '../../shared/components/Spinner';
import { profilesApi } from './profilesApi';
import { RestaurantDetails } from './ProfileDetails';

export default function RestaurantProfilePage() {
  const { t } = useTranslation('profile');
  const { id = '' } = useParams();
  const { data, error, isLoading } = profilesApi.useRestaurantProfileQuery(id);
  if (isLoading) return <Spinner />;
  if (error && errorStatus(error) !== 404 && errorStatus(error) !== 400)
    return (
      <section className="page narrow">
        <Alert>{errorText(error, t('loadFailed'))}</Alert>
      </section>
    );
  if (!data?.profile)
    return <NotFoundScreen title={t('restaurantNotFound')} text={t('restaurantNotFoundText')} />;
  return (
    <section className="page narrow">
      <RestaurantDetails profile={data.profile} />
    </section>
  );
}
