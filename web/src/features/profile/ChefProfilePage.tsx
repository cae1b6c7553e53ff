import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../shared/hooks';
import { useFavoriteToggle } from '../favorites';
import { BlockButton } from '../blocks';
import { ProfileReviews } from '../reviews';
import { profilesApi } from './profilesApi';
import { ChefDetails } from './ProfileDetails';
import { ProfileScreen } from './ProfileScreen';

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
  const { id = '' } = useParams();
  const { user } = useAuth();
  const result = profilesApi.useChefProfileQuery(id);
  return (
    <ProfileScreen kind="chef" result={result}>
      {(profile) => (
        <>
          <ChefDetails profile={profile} />
          <ProfileReviews kind="chef" id={profile.id} mine={user?.id === profile.user_id} />
          {user?.user_type === 'restaurant' && (
            <div className="actions-row">
              <FavoriteToggle chefProfileId={profile.id} />
              <BlockButton target={{ kind: 'chef', id: profile.id }} name={profile.name} />
            </div>
          )}
        </>
      )}
    </ProfileScreen>
  );
}
