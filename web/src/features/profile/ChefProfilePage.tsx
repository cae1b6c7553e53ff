import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorStatus, errorText } from '../../shared/api';
import { useAuth } from '../../shared/hooks';
import { Alert } from '../../shared/components/Alert';
import { NotFoundScreen } from '../../shared/components/NotFoundScreen';
import { Spinner } from '../../shared/components/Spinner';
import { favoritesApi } from '../favorites';
import { profilesApi } from './profilesApi';
import { ChefDetails } from './ProfileDetails';

function FavoriteToggle({ chefProfileId }: { chefProfileId: string }) {
  const { t } = useTranslation('profile');
  const status = favoritesApi.useFavoriteStatusQuery(chefProfileId);
  const [add, adding] = favoritesApi.useAddFavoriteMutation();
  const [remove, removing] = favoritesApi.useRemoveFavoriteMutation();
  if (status.isError || status.isLoading) return null;
  const on = !!status.data?.isFavorite;
  return (
    <button
      type="button"
      className={on ? 'btn btn-secondary' : 'btn'}
      aria-pressed={on}
      disabled={adding.isLoading || removing.isLoading}
      onClick={() => void (on ? remove(chefProfileId) : add(chefProfileId))}
    >
      {on ? t('favoriteRemove') : t('favoriteAdd')}
    </button>
  );
}

/** /profile/chef/{id} and /workers/{id} (from the roster). */
export default function ChefProfilePage() {
  const { t } = useTranslation('profile');
  const { id = '' } = useParams();
  const { user } = useAuth();
  const { data, error, isLoading } = profilesApi.useChefProfileQuery(id);
  if (isLoading) return <Spinner />;
  if (error && errorStatus(error) !== 404 && errorStatus(error) !== 400)
    return (
      <section className="page narrow">
        <Alert>{errorText(error, t('loadFailed'))}</Alert>
      </section>
    );
  if (!data?.profile) return <NotFoundScreen title={t('chefNotFound')} text={t('chefNotFoundText')} />;
  return (
    <section className="page narrow">
      <ChefDetails profile={data.profile} />
      {user?.user_type === 'restaurant' && (
        <div className="actions-row">
          <FavoriteToggle chefProfileId={data.profile.id} />
        </div>
      )}
    </section>
  );
}
