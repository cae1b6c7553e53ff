import { api } from '../../app/api';

export type RosterSort = 'recent' | 'frequency' | 'rating';

export interface Favorite {
  id: string;
  chef_profile_id: string;
  chef_profiles?: {
    id: string;
    user_id?: string;
    name: string;
    skills?: string[];
    profile_image_url?: string | null;
    city?: string;
    average_rating?: number | null;
  } | null;
  stats?: { shiftsCompleted: number; averageRating: number | null; lastWorked: string | null };
}

export const favoritesApi = api.injectEndpoints({
  endpoints: (build) => ({
    favorites: build.query<{ favorites: Favorite[] }, RosterSort>({
      query: (sortBy) => ({ url: '/favorites', params: { sortBy } }),
      providesTags: ['Favorites'],
    }),
    removeFromRoster: build.mutation<unknown, string>({
      query: (chefProfileId) => ({
        url: `/favorites/worker/${encodeURIComponent(chefProfileId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: ['Favorites'],
    }),
    favoriteStatus: build.query<{ isFavorite: boolean }, string>({
      query: (chefProfileId) => `/favorites/chef/${encodeURIComponent(chefProfileId)}/status`,
      providesTags: ['Favorites'],
    }),
    addFavorite: build.mutation<unknown, string>({
      query: (chefProfileId) => ({
        url: `/favorites/chef/${encodeURIComponent(chefProfileId)}`,
        method: 'POST',
      }),
      invalidatesTags: ['Favorites'],
    }),
    removeFavorite: build.mutation<unknown, string>({
      query: (chefProfileId) => ({
        url: `/favorites/chef/${encodeURIComponent(chefProfileId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: ['Favorites'],
    }),
  }),
});
