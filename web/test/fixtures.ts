import type { identityHttp } from '@brigade/contracts';
import { DEFAULT_CHEF_AVAILABILITY, DEFAULT_RESTAURANT_HOURS } from '../src/shared/contracts';

let n = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

export function makeUser(type: 'chef' | 'restaurant', language: 'en' | 'es' = 'en'): identityHttp.User {
  return {
    id: uuid(),
    email: `${type}${n}@example.com`,
    phone: '+16125550100',
    user_type: type,
    language_preference: language,
    phone_verified: true,
    email_verified: true,
    created_at: '2026-01-05T12:00:00.000Z',
  };
}

/** A session whose access token expires `expiresInSeconds` from now. */
export function makeSession(
  user: identityHttp.User,
  expiresInSeconds = 3600,
  tag = 'a',
): identityHttp.Session {
  return {
    access_token: `access-${tag}-${user.id}`,
    refresh_token: `refresh-${tag}-${user.id}`,
    token_type: 'bearer',
    expires_at: Math.floor(Date.now() / 1000) + expiresInSeconds,
    expires_in: expiresInSeconds,
    user,
  };
}

export function chefProfile(user: identityHttp.User): identityHttp.ChefProfile {
  return {
    id: uuid(),
    user_id: user.id,
    name: 'Maria Lopez',
    bio: 'Line cook with ten years on the grill.',
    city: 'Minneapolis',
    state: 'MN',
    latitude: 44.9778,
    longitude: -93.265,
    travel_radius: 15,
    skills: ['Line Cook', 'Grill Cook'],
    availability: DEFAULT_CHEF_AVAILABILITY,
    profile_image_url: null,
    hourly_rate_min: null,
    average_rating: null,
    total_ratings: 0,
    languages: ['es', 'en'],
    reliability: {
      completed_shifts: 0,
      late_cancellations: 0,
      no_shows: 0,
      last_90_days: { completed_shifts: 0, late_cancellations: 0, no_shows: 0 },
    },
    created_at: '2026-01-05T12:00:00.000Z',
    updated_at: '2026-01-05T12:00:00.000Z',
  };
}

export function restaurantProfile(user: identityHttp.User): identityHttp.RestaurantProfile {
  return {
    id: uuid(),
    user_id: user.id,
    name: 'North Loop Kitchen',
    description: 'Seasonal American food.',
    address: '100 Washington Ave N',
    city: 'Minneapolis',
    state: 'MN',
    zip: '55401',
    latitude: 44.9778,
    longitude: -93.265,
    operating_hours: DEFAULT_RESTAURANT_HOURS,
    cuisine_types: ['American'],
    logo_url: null,
    average_rating: 4.3,
    total_ratings: 7,
    reliability: {
      completed_shifts: 0,
      late_cancellations: 0,
      disputes_lost: 0,
      last_90_days: { completed_shifts: 0, late_cancellations: 0, disputes_lost: 0 },
    },
    stripe_account_id: null,
    created_at: '2026-01-05T12:00:00.000Z',
    updated_at: '2026-01-05T12:00:00.000Z',
  };
}

export function storeSessionForTest(session: identityHttp.Session) {
  window.localStorage.setItem('brigade.session', JSON.stringify(session));
}
