import type { jobsHttp } from '@brigade/contracts';
import type { z } from 'zod';
import { api } from '../../shared/api';

// Request and response shapes come from the contracts (z.infer), never re-declared here.
export type RosterSort = NonNullable<z.infer<typeof jobsHttp.FavoritesQuery>['sortBy']>;
export type Favorite = z.infer<typeof jobsHttp.Favorite>;
export type FavoritesResponse = z.infer<typeof jobsHttp.FavoritesResponse>;
export type FavoriteResponse = z.infer<typeof jobsHttp.FavoriteResponse>;
export type FavoriteStatusResponse = z.infer<typeof jobsHttp.FavoriteStatusResponse>;

export const favoritesApi = api.injectEndpoints({
  endpoints: (build) => ({
    favorites: build.query<FavoritesResponse, RosterSort>({
      query: (sortBy) => ({ url: '/favorites', params: { sortBy } }),
      providesTags: ['Favorites'],
    }),
    removeFromRoster: build.mutation<FavoriteStatusResponse, string>({
      query: (chefProfileId) => ({
        url: `/favorites/worker/${encodeURIComponent(chefProfileId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: ['Favorites'],
    }),
    favoriteStatus: build.query<FavoriteStatusResponse, string>({
      query: (chefProfileId) => `/favorites/chef/${encodeURIComponent(chefProfileId)}/status`,
      providesTags: ['Favorites'],
    }),
    addFavorite: build.mutation<FavoriteResponse, string>({
      query: (chefProfileId) => ({
        url: `/favorites/chef/${encodeURIComponent(chefProfileId)}`,
        method: 'POST',
      }),
      invalidatesTags: ['Favorites'],
    }),
    removeFavorite: build.mutation<FavoriteStatusResponse, string>({
      query: (chefProfileId) => ({
        url: `/favorites/chef/${encodeURIComponent(chefProfileId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: ['Favorites'],
    }),
  }),
});
