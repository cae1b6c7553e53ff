import { useParams } from 'react-router-dom';
import { useAuth } from '../../shared/hooks';
import { ProfileReviews } from '../reviews';
import { profilesApi } from './profilesApi';
import { RestaurantDetails } from './ProfileDetails';
import { ProfileScreen } from './ProfileScreen';

/** /profile/restaurant/{id}: a restaurant's profile and its published reviews (issue 39). */
export default function RestaurantProfilePage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const result = profilesApi.useRestaurantProfileQuery(id);
  return (
    <ProfileScreen kind="restaurant" result={result}>
      {(profile) => (
        <>
          <RestaurantDetails profile={profile} own={user?.id === profile.user_id} />
          <ProfileReviews kind="restaurant" id={profile.id} mine={user?.id === profile.user_id} />
        </>
      )}
    </ProfileScreen>
  );
}
