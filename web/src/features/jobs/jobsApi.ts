import { api } from '../../app/api';

export type JobStatus =
  'pending_payment' | 'payment_failed' | 'open' | 'filled' | 'completed' | 'cancelled' | 'disputed';

export interface ApplicationChef {
  id: string;
  user_id: string;
  name: string;
  bio?: string;
  skills?: string[];
  travel_radius?: number | null;
  profile_image_url?: string | null;
  city?: string | null;
  average_rating?: number | null;
  total_ratings?: number;
}

/** An application inside its job (the owner's GET /jobs/{id}). */
export interface ApplicationOfJob {
  id: string;
  job_id?: string;
  chef_id?: string;
  status: 'pending' | 'accepted' | 'rejected' | 'cancelled' | string;
  created_at: string;
  worker_confirmed?: boolean | null;
  chef_profiles?: ApplicationChef | null;
}

export interface JobPosting {
  id: string;
  restaurant_id?: string;
  title: string;
  description?: string | null;
  start_time: string;
  end_time: string;
  hourly_rate: number;
  emergency_level: 'normal' | 'urgent';
  status: JobStatus | string;
  required_skills?: string[];
  payment_status?: string | null;
  restaurant_checkout_completed?: boolean;
  chef_checkout_completed?: boolean;
  chef_rating?: number | null;
  restaurant_rating?: number | null;
  applications?: ApplicationOfJob[];
  user_applied?: boolean;
  user_application?: { id: string; status: string; worker_confirmed: boolean | null } | null;
  pending_applications_count?: number;
  subtotal_cents?: number;
  fee_cents?: number;
  total_cents?: number;
  hours?: number;
  notify_favorites?: string[];
  restaurant_profiles?: {
    user_id: string;
    name: string;
    address?: string;
    city?: string;
    state?: string;
    logo_url?: string | null;
    cuisine_types?: string[];
    average_rating?: number | null;
    total_ratings?: number;
  } | null;
}

export interface Application {
  id: string;
  job_id?: string;
  chef_id?: string;
  status: 'pending' | 'accepted' | 'rejected' | 'cancelled' | string;
  created_at: string;
  worker_confirmed: boolean | null;
  job_postings?: Partial<JobPosting> & {
    id?: string;
    status?: string;
    title?: string;
    payment_status?: string | null;
  };
  chef_profiles?: ApplicationChef | null;
}

/** GET /jobs filters (the openings screen sends the spec's filters; dashboards send status and limit). */
export interface JobsArgs {
  status?: 'all' | 'open' | JobStatus;
  limit?: number;
  emergencyLevel?: 'normal' | 'urgent';
  minRate?: number;
  maxRate?: number;
  startDate?: string;
  endDate?: string;
  skills?: string;
}

export interface PostJobBody {
  title: string;
  startTime: string;
  endTime: string;
  hourlyRate: number;
  emergencyLevel: 'normal' | 'urgent';
  notifyFavorites: string[];
}

export interface CheckoutBody {
  rating: number;
  workCompleted: boolean;
  feedback: string | null;
}

export const jobsApi = api.injectEndpoints({
  endpoints: (build) => ({
    jobs: build.query<{ jobs: JobPosting[] }, JobsArgs>({
      query: (params) => ({ url: '/jobs', params }),
      providesTags: ['Jobs'],
    }),
    job: build.query<{ job: JobPosting }, string>({
      query: (id) => `/jobs/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Jobs', id }, 'Jobs'],
    }),
    postJob: build.mutation<{ job: JobPosting }, PostJobBody>({
      query: (body) => ({ url: '/jobs', method: 'POST', body }),
      invalidatesTags: ['Jobs'],
    }),
    cancelJob: build.mutation<{ job: JobPosting }, string>({
      query: (id) => ({
        url: `/jobs/${encodeURIComponent(id)}`,
        method: 'PUT',
        body: { status: 'cancelled' },
      }),
      invalidatesTags: ['Jobs', 'Applications'],
    }),
    apply: build.mutation<{ application: Application }, string>({
      query: (jobId) => ({ url: `/jobs/${encodeURIComponent(jobId)}/apply`, method: 'POST' }),
      invalidatesTags: ['Jobs', 'Applications', 'Conversations'],
    }),
    applications: build.query<{ applications: Application[] }, void>({
      query: () => '/applications',
      providesTags: ['Applications'],
    }),
    application: build.query<{ application: Application }, string>({
      query: (id) => `/applications/${encodeURIComponent(id)}`,
      providesTags: ['Applications'],
    }),
    decideApplication: build.mutation<
      { application: Application },
      { id: string; status: 'accepted' | 'rejected' }
    >({
      query: ({ id, status }) => ({
        url: `/applications/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: { status },
      }),
      invalidatesTags: ['Jobs', 'Applications', 'Conversations'],
    }),
    confirmApplication: build.mutation<{ application: Application }, { id: string; confirmed: boolean }>({
      query: ({ id, confirmed }) => ({
        url: `/applications/${encodeURIComponent(id)}/confirm`,
        method: 'POST',
        body: { confirmed },
      }),
      invalidatesTags: ['Jobs', 'Applications'],
    }),
    cancelApplication: build.mutation<{ application: Application }, string>({
      query: (id) => ({ url: `/applications/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Jobs', 'Applications'],
    }),
    checkout: build.mutation<
      { message: string; mutualCheckoutCompleted: boolean },
      { id: string } & CheckoutBody
    >({
      query: ({ id, ...body }) => ({
        url: `/applications/${encodeURIComponent(id)}/checkout`,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['Jobs', 'Applications', 'Favorites', 'JobPayment'],
    }),
  }),
});
