import type { fillHttp } from '@brigade/contracts';
import type { z } from 'zod';
import { api } from '../../shared/api';

// Issue 37: one's own blocks (a restaurant's blocked chefs, a chef's hidden restaurants). Shapes from the contracts.
export type Block = fillHttp.Block;
export type BlocksResponse = z.infer<typeof fillHttp.BlocksResponse>;
export type BlockResponse = z.infer<typeof fillHttp.BlockResponse>;

/** `chef`: a restaurant blocks a chef; `restaurant`: a chef hides a restaurant. `id`: profile or user id. */
export interface BlockTarget {
  kind: Block['kind'];
  id: string;
}

const path = ({ kind, id }: BlockTarget) => `/blocks/${kind}/${encodeURIComponent(id)}`;

export const blocksApi = api.injectEndpoints({
  endpoints: (build) => ({
    blocks: build.query<BlocksResponse, void>({
      query: () => '/blocks',
      providesTags: ['Blocks'],
    }),
    // A block hides shifts, withdraws pending applications and takes a chef off the roster: those lists refetch.
    block: build.mutation<BlockResponse, BlockTarget>({
      query: (target) => ({ url: path(target), method: 'POST' }),
      invalidatesTags: ['Blocks', 'Jobs', 'Applications', 'Favorites'],
    }),
    unblock: build.mutation<void, BlockTarget>({
      query: (target) => ({ url: path(target), method: 'DELETE' }),
      invalidatesTags: ['Blocks', 'Jobs'],
    }),
  }),
});
