import { useParams } from 'react-router-dom';
import { profilesApi } from './profilesApi';
import { RestaurantDetails } from './ProfileDetails';
import { ProfileScreen } from './ProfileScreen';

export default function RestaurantProfilePage() {
  const { id = '' } = useParams();
  const result = profilesApi.useRestaurantProfileQuery(id);
  return (
    <ProfileScreen kind="restaurant" result={result}>
      {(profile) => <RestaurantDetails profile={profile} />}
    </ProfileScreen>
  );
}
