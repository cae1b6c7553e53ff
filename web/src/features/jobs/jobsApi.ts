import { api } from '../../app/api';

export interface JobPosting {
  id: string;
  title: string;
  description?: string | null;
  start_time: string;
  end_time: string;
  hourly_rate: number;
  emergency_level: 'normal' | 'urgent';
  status: 'payment_failed' | 'open' | 'filled' | 'completed' | 'cancelled' | string;
  required_skills?: string[];
  payment_status?: string | null;
  restaurant_checkout_completed?: boolean;
  chef_checkout_completed?: boolean;
  chef_rating?: number | null;
  restaurant_rating?: number | null;
  applications?: { id: string; status: string; created_at: string; worker_confirmed?: boolean | null }[];
  user_applied?: boolean;
  subtotal_cents?: number;
  fee_cents?: number;
  total_cents?: number;
  hours?: number;
  restaurant_profiles?: { user_id: string; name: string; address?: string; logo_url?: string | null; cuisine_types?: string[] } | null;
}

export interface Application {
  id: string;
  status: 'pending' | 'accepted' | 'rejected' | string;
  created_at: string;
  worker_confirmed: boolean | null;
  job_postings?: Partial<JobPosting> & { id?: string; status?: string; title?: string; payment_status?: string | null };
  chef_profiles?: {
    id: string;
    user_id: string;
    name: string;
    bio?: string;
    skills?: string[];
    travel_radius?: number;
    profile_image_url?: string | null;
    city?: string;
  } | null;
}

export const jobsApi = api.injectEndpoints({
  endpoints: (build) => ({
    jobs: build.query<{ jobs: JobPosting[] }, { status?: 'all' | 'open'; limit?: number }>({
      query: (params) => ({ url: '/jobs', params }),
      providesTags: ['Jobs'],
    }),
    applications: build.query<{ applications: Application[] }, void>({
      query: () => '/applications',
      providesTags: ['Applications'],
    }),
  }),
});
