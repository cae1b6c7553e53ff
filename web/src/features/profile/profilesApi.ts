import { api } from '../../app/api';
import type { ChefProfile, RestaurantProfile } from '../auth/authApi';

export const profilesApi = api.injectEndpoints({
  endpoints: (build) => ({
    chefProfile: build.query<{ profile: ChefProfile }, string>({
      query: (id) => `/profiles/chef/${encodeURIComponent(id)}`,
      providesTags: ['Profile'],
    }),
    restaurantProfile: build.query<{ profile: RestaurantProfile }, string>({
      query: (id) => `/profiles/restaurant/${encodeURIComponent(id)}`,
      providesTags: ['Profile'],
    }),
  }),
});
