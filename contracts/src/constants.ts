// Business constants from the product specification (sections 3 and 9). One place, read by services and web.

export const CUISINES = [
  'American',
  'Italian',
  'Mexican',
  'Chinese',
  'Japanese',
  'Thai',
  'Indian',
  'Mediterranean',
  'French',
  'Brazilian',
  'Korean',
  'Vietnamese',
  'BBQ',
  'Pizza',
  'Burgers',
  'Seafood',
  'Steakhouse',
  'Vegetarian',
  'Fast Food',
  'Fine Dining',
  'Casual Dining',
  'Coffee & Bakery',
] as const;

/** 25 skills offered in onboarding; settings shows the first 23, the chef browse filter the first 12. */
export const SKILLS = [
  'Line Cook',
  'Prep Cook',
  'Grill Cook',
  'Sauté Cook',
  'Pastry Chef',
  'Sous Chef',
  'Kitchen Manager',
  'Dishwasher',
  'Food Runner',
  'Server',
  'Bartender',
  'Host/Hostess',
  'Barista',
  'Pizza Maker',
  'Sandwich Maker',
  'Breakfast Cook',
  'Dinner Service',
  'Lunch Service',
  'Catering',
  'Event Cooking',
  'Food Truck',
  'Fast Casual',
  'Fine Dining',
  'Banquet Service',
  'Clean-up Crew',
] as const;
export const SETTINGS_SKILLS = SKILLS.slice(0, 23);
export const BROWSE_FILTER_SKILLS = SKILLS.slice(0, 12);

export const POSITIONS = [
  'Line Cook',
  'Prep Cook',
  'Dishwasher',
  'Server',
  'Bartender',
  'Host',
  'Kitchen Help',
] as const;

export const CITIES = {
  Minneapolis: { state: 'MN', latitude: 44.9778, longitude: -93.265 },
  Detroit: { state: 'MI', latitude: 42.3314, longitude: -83.0458 },
} as const;
export type CityName = keyof typeof CITIES;
export const CITY_NAMES = Object.keys(CITIES) as CityName[];

export const EMERGENCY_LEVELS = ['normal', 'urgent'] as const;
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const USER_TYPES = ['chef', 'restaurant'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const LIMITS = {
  passwordMin: 8,
  verificationCodeLength: 6,
  bioMax: 250,
  messageMax: 1000,
  imageMaxBytes: 5 * 1024 * 1024,
  hourlyRateMin: 15,
  hourlyRateMax: 75,
  postingWindowDays: 7,
  ratingMin: 1,
  ratingMax: 5,
} as const;

/**
 * The languages a chef may say they speak (issue 32): every ISO 639-1 code (the two-letter ones). The web app
 * names them in the reader's language (Intl.DisplayNames); a profile keeps at most MAX_SPOKEN_LANGUAGES.
 */
export const SPOKEN_LANGUAGE_CODES: readonly string[] = [
  'aa ab ae af ak am an ar as av ay az ba be bg bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de',
  'dv dz ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia',
  'id ie ig ii ik io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo',
  'lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl',
  'ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti tk',
  'tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu',
]
  .join(' ')
  .split(' ');
export const MAX_SPOKEN_LANGUAGES = 10;

export const TRAVEL_RADIUS_OPTIONS = [5, 10, 15, 20, 25, 30] as const;
export const DEFAULT_TRAVEL_RADIUS = 15;
export const CHEF_SEARCH_RADIUS_OPTIONS = [5, 10, 15, 25, 50] as const;
export const DEFAULT_CHEF_SEARCH_RADIUS = 25;
/** Chefs per page of the chef search screen ("Show more chefs" loads the next page). */
export const CHEF_SEARCH_PAGE_SIZE = 25;

/** Booking fee charged to the restaurant on top of the shift pay, in basis points (7%). */
export const BOOKING_FEE_BPS = 700;
export const TERMS_VERSION = '1.0';
export const AGREEMENT_TYPES = ['worker_tos', 'restaurant_tos'] as const;

export const DEFAULT_CHEF_AVAILABILITY: Record<Weekday, { available: boolean; start: string; end: string }> =
  {
    monday: { available: true, start: '08:00', end: '18:00' },
    tuesday: { available: true, start: '08:00', end: '18:00' },
    wednesday: { available: true, start: '08:00', end: '18:00' },
    thursday: { available: true, start: '08:00', end: '18:00' },
    friday: { available: true, start: '08:00', end: '20:00' },
    saturday: { available: true, start: '09:00', end: '20:00' },
    sunday: { available: true, start: '09:00', end: '17:00' },
  };
/**
 * A restaurant's hours before it sets them: every day closed ("not set"), never open 24/7. The spec (section 9)
 * defaults to 00:00-23:59 open every day; issue 32 overrides it on purpose, since a profile would otherwise claim
 * hours nobody chose. The times are what a day shows when the restaurant opens it (editable at once).
 */
export const DEFAULT_RESTAURANT_HOURS: Record<Weekday, { open: string; close: string; closed: boolean }> =
  Object.fromEntries(WEEKDAYS.map((d) => [d, { open: '11:00', close: '22:00', closed: true }])) as Record<
    Weekday,
    { open: string; close: string; closed: boolean }
  >;

/** The spec's texts that the server returns (section 5 and 8). */
export const MESSAGES = {
  passwordsDontMatch: "Passwords don't match",
  passwordTooShort: 'Password must be at least 8 characters',
  codeSixDigits: 'Please enter a 6-digit code',
  requiredFields: 'Please fill in all required fields',
  chefStep1: 'Please fill in all required fields. Bio must be 250 characters or less.',
  cuisineRequired: 'Please select at least one cuisine type',
  skillRequired: 'Please select at least one skill',
  imageType: 'Please upload an image file',
  logoTooLarge: 'Logo file must be smaller than 5MB',
  profileImageTooLarge: 'Profile image must be smaller than 5MB',
  jobNotFound: 'Job not found',
  chefNeedsStripe: 'This chef needs to complete Stripe setup to receive payments',
  noApplicationsPermission: "You don't have permission to view these applications",
  jobNotFoundOrNotAuthorized: 'Job not found or not authorized',
  cardDeclined: 'Your card was declined. Please check your card details or try a different card.',
  cardExpired: 'Your card has expired. Please use a different card.',
  insufficientFunds: 'Your card has insufficient funds. Please use a different card.',
} as const;

/**
 * Issue 41: the cookie the web app keeps the visitor's language in (`en` or `es`), beside its own storage, so
 * that the gateway answers `/` with the landing page written ahead in that language (web/prerender.ts). Without
 * it the gateway goes by `Accept-Language`, as the app does by the browser's languages.
 */
export const LANGUAGE_COOKIE = 'brigade_language';
