import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { identityHttp } from '@brigade/contracts';
import type { Session, User } from './session';

export type Profile = identityHttp.ChefProfile | identityHttp.RestaurantProfile;

/** The spec's client auth state: loading starts true and turns false once a user, an error or no session is known. */
export interface AuthState {
  user: User | null;
  profile: Profile | null;
  session: Session | null;
  loading: boolean;
  error: string | null;
}

export const initialAuthState: AuthState = {
  user: null,
  profile: null,
  session: null,
  loading: true,
  error: null,
};

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    /** No stored session (or it could not be refreshed): the visitor is signed out. */
    sessionMissing(state) {
      state.user = null;
      state.profile = null;
      state.session = null;
      state.loading = false;
    },
    /** A session was restored, refreshed or obtained by sign-in/sign-up. */
    sessionStarted(state, action: PayloadAction<Session>) {
      state.session = action.payload;
      state.user = action.payload.user;
      state.error = null;
    },
    sessionRefreshed(state, action: PayloadAction<Session>) {
      state.session = action.payload;
      state.user = action.payload.user ?? state.user;
    },
    profileLoaded(state, action: PayloadAction<{ user: User; profile: Profile | null }>) {
      state.user = action.payload.user;
      state.profile = action.payload.profile;
      if (state.session) state.session = { ...state.session, user: action.payload.user };
      state.loading = false;
      state.error = null;
    },
    profileSaved(state, action: PayloadAction<Profile>) {
      state.profile = action.payload;
    },
    languageSaved(state, action: PayloadAction<User>) {
      state.user = action.payload;
      if (state.session) state.session = { ...state.session, user: action.payload };
    },
    failed(state, action: PayloadAction<string>) {
      state.error = action.payload;
      state.loading = false;
    },
    errorCleared(state) {
      state.error = null;
    },
    /** Sign-out, a 401 or a vanished session: everything is reset. */
    signedOut() {
      return { ...initialAuthState, loading: false };
    },
  },
});

export const authActions = authSlice.actions;
export const authReducer = authSlice.reducer;
