import type { identityHttp } from '@brigade/contracts';
import { api } from '../../app/api';
import type { Profile } from './authSlice';
import type { Session, User } from './session';

export interface SignupBody {
  email: string;
  password: string;
  phone: string;
  userType: 'chef' | 'restaurant';
  languagePreference: 'en' | 'es';
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    signIn: build.mutation<{ session?: Session; user?: User }, { email: string; password: string }>({
      query: (body) => ({ url: '/auth/signin', method: 'POST', body }),
    }),
    /** `code_sent` false: no verification code could be texted (the verification screen can ask again). */
    signUp: build.mutation<{ session?: Session; user?: User; code_sent?: boolean }, SignupBody>({
      query: (body) => ({ url: '/auth/signup', method: 'POST', body }),
    }),
    refresh: build.mutation<{ session: Session }, { refresh_token: string }>({
      query: (body) => ({ url: '/auth/refresh', method: 'POST', body }),
    }),
    signOut: build.mutation<unknown, void>({
      query: () => ({ url: '/auth/signout', method: 'POST' }),
    }),
    me: build.query<{ user: User; profile: Profile | null }, void>({
      query: () => '/profiles/me',
      providesTags: ['Me'],
    }),
    saveLanguage: build.mutation<{ user: User }, { language_preference: 'en' | 'es' }>({
      query: (body) => ({ url: '/profiles/me', method: 'PATCH', body }),
    }),
    verifyPhone: build.mutation<{ message: string }, { phone: string; code: string }>({
      query: (body) => ({ url: '/auth/verify-phone', method: 'POST', body }),
    }),
    resendCode: build.mutation<{ message: string }, { phone: string }>({
      query: (body) => ({ url: '/auth/resend-code', method: 'POST', body }),
    }),
    acceptAgreement: build.mutation<
      unknown,
      { agreementType: 'worker_tos' | 'restaurant_tos'; version: string }
    >({
      query: (body) => ({ url: '/agreements/accept', method: 'POST', body }),
    }),
    /** Creates or updates the caller's profile (multipart: objects as JSON, files as file parts). */
    saveProfile: build.mutation<{ profile: Profile }, { type: 'chef' | 'restaurant'; form: FormData }>({
      query: ({ type, form }) => ({ url: `/profiles/${type}`, method: 'POST', body: form }),
      invalidatesTags: ['Me', 'Profile'],
    }),
  }),
});

export type ChefProfile = identityHttp.ChefProfile;
export type RestaurantProfile = identityHttp.RestaurantProfile;
