import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../shared/hooks';
import { MissingScreen } from '../../shared/components/NotFoundScreen';
import { Spinner } from '../../shared/components/Spinner';
import { useFavoriteToggle } from '../favorites';
import { profilesApi } from './profilesApi';
import { ChefDetails } from './ProfileDetails';

function FavoriteToggle({ chefProfileId }: { chefProfileId: string }) {
  const { t } = useTranslation('profile');
  const favorite = useFavoriteToggle(chefProfileId);
  if (!favorite) return null;
  const { on, busy, toggle } = favorite;
  return (
    <button
      type="button"
      className={on ? 'btn btn-secondary' : 'btn'}
      aria-pressed={on}
      disabled={busy}
      onClick={toggle}
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
  if (error || !data?.profile)
    return (
      <MissingScreen
        error={error}
        failed={t('loadFailed')}
        title={t('chefNotFound')}
        text={t('chefNotFoundText')}
        missing={[404, 400]}
      />
    );
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
