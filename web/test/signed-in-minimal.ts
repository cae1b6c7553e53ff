import { fakeApi } from './fake-api';
import { chefProfile, makeSession, makeUser, restaurantProfile, storeSessionForTest } from './fixtures';

/** No payment account yet (the answer of GET /payments/connect/account-status before any setup). */
export const noAccount = {
  charges_enabled: false,
  payouts_enabled: false,
  requirements: { currently_due: [] },
  account_id: null,
};

/**
 * A stored session, with or without a profile (onboarding starts without one), and the lists every signed-in
 * page reads, answered empty.
 */
export function signedIn(type: 'chef' | 'restaurant', withProfile = true) {
  const user = makeUser(type);
  storeSessionForTest(makeSession(user));
  const profile = withProfile ? (type === 'chef' ? chefProfile(user) : restaurantProfile(user)) : null;
  fakeApi.on('GET', '/profiles/me', { body: { user, profile } });
  fakeApi.on('GET', '/jobs', { body: { jobs: [] } });
  fakeApi.on('GET', '/applications', { body: { applications: [] } });
  fakeApi.on('GET', '/favorites', { body: { favorites: [] } });
  fakeApi.on('GET', '/payments/connect/account-status', { body: noAccount });
  fakeApi.on('GET', '/payments/saved-card', { body: { card: null } });
  // issue 40: the bell, nothing unread unless a test says so
  fakeApi.on('GET', '/notifications/unread-count', { body: { unread: 0 } });
  return { user, profile };
}
