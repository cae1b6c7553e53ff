import type { identityHttp } from '@brigade/contracts';
import type { z } from 'zod';
import { api } from '../../shared/api';

// Request and response shapes come from the contracts (z.infer), never re-declared here.
export type ChefProfile = identityHttp.ChefProfile;
export type RestaurantProfile = identityHttp.RestaurantProfile;
/** The sign-up form as sent (the parsed request: userType chef or restaurant, a language). */
export type SignupBody = z.output<typeof identityHttp.SignupRequest>;
export type SigninRequest = z.input<typeof identityHttp.SigninRequest>;
export type RefreshRequest = z.input<typeof identityHttp.RefreshRequest>;
export type VerifyPhoneRequest = z.input<typeof identityHttp.VerifyPhoneRequest>;
export type ResendCodeRequest = z.input<typeof identityHttp.ResendCodeRequest>;
export type ForgotPasswordRequest = z.input<typeof identityHttp.ForgotPasswordRequest>;
export type ResetPasswordRequest = z.input<typeof identityHttp.ResetPasswordRequest>;
export type UpdateMeRequest = z.input<typeof identityHttp.UpdateMeRequest>;
export type ChangePasswordRequest = z.input<typeof identityHttp.ChangePasswordRequest>;
export type TotpEnrolRequest = z.input<typeof identityHttp.TotpEnrolRequest>;
export type TotpEnrolment = z.infer<typeof identityHttp.TotpEnrolment>;
export type AgreementRequest = z.input<typeof identityHttp.AgreementRequest>;
export type AuthResponse = z.infer<typeof identityHttp.AuthResponse>;
/** `code_sent` false: no verification code could be texted (the verification screen can ask again). */
export type SignupResponse = z.infer<typeof identityHttp.SignupResponse>;
/** POST /auth/refresh answers the new session. */
export type RefreshResponse = { session: identityHttp.Session };
/** PATCH /profiles/me answers the updated user. */
export type UpdateMeResponse = { user: identityHttp.User };
export type MessageResponse = z.infer<typeof identityHttp.MessageResponse>;
export type VerifyEmailResponse = z.infer<typeof identityHttp.VerifyEmailResponse>;
export type ProfilesMeResponse = z.infer<typeof identityHttp.ProfilesMeResponse>;
export type ProfileResponse = z.infer<typeof identityHttp.ProfileResponse>;
export type AgreementResponse = z.infer<typeof identityHttp.AgreementResponse>;

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    signIn: build.mutation<AuthResponse, SigninRequest>({
      query: (body) => ({ url: '/auth/signin', method: 'POST', body }),
    }),
    signUp: build.mutation<SignupResponse, SignupBody>({
      query: (body) => ({ url: '/auth/signup', method: 'POST', body }),
    }),
    refresh: build.mutation<RefreshResponse, RefreshRequest>({
      query: (body) => ({ url: '/auth/refresh', method: 'POST', body }),
    }),
    signOut: build.mutation<MessageResponse, void>({
      query: () => ({ url: '/auth/signout', method: 'POST' }),
    }),
    me: build.query<ProfilesMeResponse, void>({
      query: () => '/profiles/me',
      providesTags: ['Me'],
    }),
    saveLanguage: build.mutation<UpdateMeResponse, UpdateMeRequest>({
      query: (body) => ({ url: '/profiles/me', method: 'PATCH', body }),
    }),
    /** Issue 40: the link of the verification mail (single use: a mutation, sent once per visit). */
    verifyEmail: build.mutation<VerifyEmailResponse, string>({
      query: (token) => ({ url: `/auth/email/verify?token=${encodeURIComponent(token)}`, method: 'GET' }),
      invalidatesTags: ['Me'],
    }),
    /** A new verification mail (at most one a minute). */
    requestEmailLink: build.mutation<MessageResponse, void>({
      query: () => ({ url: '/auth/email/verify-request', method: 'POST' }),
    }),
    verifyPhone: build.mutation<MessageResponse, VerifyPhoneRequest>({
      query: (body) => ({ url: '/auth/verify-phone', method: 'POST', body }),
    }),
    resendCode: build.mutation<MessageResponse, ResendCodeRequest>({
      query: (body) => ({ url: '/auth/resend-code', method: 'POST', body }),
    }),
    /** A new password given the current one: how a one-time password is replaced (issue 33). */
    changePassword: build.mutation<MessageResponse, ChangePasswordRequest>({
      query: (body) => ({ url: '/auth/password/change', method: 'POST', body }),
    }),
    /** An operator's two-step login: a secret for an authenticator app (issue 33). */
    enrolTotp: build.mutation<TotpEnrolment, TotpEnrolRequest>({
      query: (body) => ({ url: '/auth/totp/enrol', method: 'POST', body }),
    }),
    /** "Forgot password?": a code texted to the account's verified phone (the same answer for any account). */
    forgotPassword: build.mutation<MessageResponse, ForgotPasswordRequest>({
      query: (body) => ({ url: '/auth/password/forgot', method: 'POST', body }),
    }),
    /** The texted code and a new password: every session of the account ends. */
    resetPassword: build.mutation<MessageResponse, ResetPasswordRequest>({
      query: (body) => ({ url: '/auth/password/reset', method: 'POST', body }),
    }),
    acceptAgreement: build.mutation<AgreementResponse, AgreementRequest>({
      query: (body) => ({ url: '/agreements/accept', method: 'POST', body }),
    }),
    /** Creates or updates the caller's profile (multipart: objects as JSON, files as file parts). */
    saveProfile: build.mutation<
      ProfileResponse,
      { type: z.infer<typeof identityHttp.UserType>; form: FormData }
    >({
      query: ({ type, form }) => ({ url: `/profiles/${type}`, method: 'POST', body: form }),
      invalidatesTags: ['Me', 'Profile'],
    }),
  }),
});
