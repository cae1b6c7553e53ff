import type { identityHttp } from '@brigade/contracts';
import type { z } from 'zod';
import { api } from '../../shared/api';

// Request and response shapes come from the contracts (z.infer), never re-declared here.
export type ChefProfileResponse = z.infer<typeof identityHttp.ChefProfileResponse>;
export type RestaurantProfileResponse = z.infer<typeof identityHttp.RestaurantProfileResponse>;
export type ChefSearchResult = z.infer<typeof identityHttp.ChefSearchResult>;
export type ChefSearchResponse = z.infer<typeof identityHttp.ChefSearchResponse>;
type ChefSearchQuery = z.output<typeof identityHttp.ChefSearchQuery>;
/** The search screen always sends skills (maybe none) and a radius; paging: one page of `limit` after `offset`. */
export type ChefSearchArgs = ChefSearchQuery & Required<Pick<ChefSearchQuery, 'skills' | 'radius'>>;

export const profilesApi = api.injectEndpoints({
  endpoints: (build) => ({
    chefProfile: build.query<ChefProfileResponse, string>({
      query: (id) => `/profiles/chef/${encodeURIComponent(id)}`,
      providesTags: ['Profile'],
    }),
    restaurantProfile: build.query<RestaurantProfileResponse, string>({
      query: (id) => `/profiles/restaurant/${encodeURIComponent(id)}`,
      providesTags: ['Profile'],
    }),
  }),
});

export const chefSearchApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchChefs: build.query<ChefSearchResponse, ChefSearchArgs>({
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
