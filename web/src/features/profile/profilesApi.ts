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

export type ChefSearchResult = ChefProfile & { distance_miles: number | null };
export interface ChefSearchArgs {
  skills: string[];
  minRate?: number;
  maxRate?: number;
  radius: number;
  /** Paging: one page of `limit` chefs after `offset`. */
  offset?: number;
  limit?: number;
}

export const chefSearchApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchChefs: build.query<{ chefs: ChefSearchResult[] }, ChefSearchArgs>({
      query: ({ skills, minRate, maxRate, radius, offset, limit }) => ({
        url: '/profiles/chefs',
        params: {
          ...(skills.length ? { skills: JSON.stringify(skills) } : {}),
          ...(minRate !== undefined ? { minRate } : {}),
          ...(maxRate !== undefined ? { maxRate } : {}),
          radius,
          ...(limit !== undefined ? { limit } : {}),
          ...(offset ? { offset } : {}),
        },
      }),
      providesTags: ['Chefs'],
    }),
  }),
});
