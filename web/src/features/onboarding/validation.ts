// Onboarding rules (spec section 5): what blocks Next on each step, image checks, and the form sent on Complete Setup.
import {
  CITIES,
  DEFAULT_CHEF_AVAILABILITY,
  DEFAULT_RESTAURANT_HOURS,
  DEFAULT_TRAVEL_RADIUS,
  LIMITS,
  nameProblem,
  type CityName,
  type Weekday,
} from '../../shared/contracts';
import { homeProblem, setHomeFields, setPinFields, type PinReading } from '../profile';

export type OperatingHours = Record<Weekday, { open: string; close: string; closed: boolean }>;
export type Availability = Record<Weekday, { available: boolean; start: string; end: string }>;

export interface RestaurantDraft {
  name: string;
  description: string;
  address: string;
  city: CityName | '';
  state: string;
  zip: string;
  latitude: number | null;
  longitude: number | null;
  /** Issue 34: "I am at the restaurant now": the owner's position there, sent as the pin (absent in older drafts). */
  pin?: PinReading | null;
  cuisineTypes: string[];
  logo: File | null;
  operatingHours: OperatingHours;
}

export interface ChefDraft {
  name: string;
  bio: string;
  city: CityName;
  state: string;
  latitude: number;
  longitude: number;
  travelRadius: number;
  /** Issue 32: the home ZIP (or an address ending with one) typed in, where distances are measured from. */
  home: string;
  /** ...or the position "Use my location" found (rounded), which wins over the text. */
  homePoint: { lat: number; lon: number } | null;
  profileImage: File | null;
  skills: string[];
  /** ISO 639-1 codes the chef chose (issue 32); empty: not chosen, the account's language is kept */
  languages: string[];
  availability: Availability;
}

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

export function emptyRestaurantDraft(): RestaurantDraft {
  return {
    name: '',
    description: '',
    address: '',
    city: '',
    state: '',
    zip: '',
    latitude: null,
    longitude: null,
    pin: null,
    cuisineTypes: [],
    logo: null,
    operatingHours: clone(DEFAULT_RESTAURANT_HOURS),
  };
}

export function emptyChefDraft(): ChefDraft {
  return {
    name: '',
    bio: '',
    ...citySelection('Minneapolis'),
    travelRadius: DEFAULT_TRAVEL_RADIUS,
    home: '',
    homePoint: null,
    profileImage: null,
    skills: [],
    languages: [],
    availability: clone(DEFAULT_CHEF_AVAILABILITY),
  };
}

/** Choosing a city sets its state and coordinates. */
export function citySelection(city: CityName): {
  city: CityName;
  state: string;
  latitude: number;
  longitude: number;
} {
  const c = CITIES[city];
  return { city, state: c.state, latitude: c.latitude, longitude: c.longitude };
}

export type StepError =
  | 'validation.requiredFields'
  | 'validation.cuisineRequired'
  | 'validation.chefStep1'
  | 'validation.skillRequired'
  | 'validation.hoursRequired'
  | 'validation.unknownZip'
  | 'validation.homeOtherCity'
  | NameStepError
  | null;

/** A name the server would refuse (hidden characters, too few visible ones), said with the server's own text. */
type NameStepError = `errors:codes.${NonNullable<ReturnType<typeof nameProblem>>}`;
const nameStepError = (name: string): NameStepError | null => {
  const problem = nameProblem(name);
  return problem ? `errors:codes.${problem}` : null;
};

/**
 * Restaurant: step 1 needs name, description, address, city; step 2 at least one cuisine type; step 3 at least
 * one day open (hours start closed every day: issue 32).
 */
export function restaurantStepError(step: number, d: RestaurantDraft): StepError {
  if (step === 1) {
    const ok = [d.name, d.description, d.address, d.city].every((v) => v.trim() !== '');
    return ok ? nameStepError(d.name) : 'validation.requiredFields';
  }
  if (step === 2) return d.cuisineTypes.length > 0 ? null : 'validation.cuisineRequired';
  if (step === 3)
    return Object.values(d.operatingHours).some((h) => !h.closed) ? null : 'validation.hoursRequired';
  return null;
}

/**
 * Chef: step 1 needs name and bio (at most 250 characters), and a home, when one is typed, must be a ZIP of the
 * chosen city's area (issue 32); step 2 at least one skill.
 */
export function chefStepError(step: number, d: ChefDraft): StepError {
  if (step === 1) {
    const ok = d.name.trim() !== '' && d.bio.trim() !== '' && d.bio.length <= LIMITS.bioMax;
    if (!ok) return 'validation.chefStep1';
    const name = nameStepError(d.name);
    if (name) return name;
    const home = homeProblem({ home: d.home ?? '', point: d.homePoint ?? null }, d.city);
    if (home) return home === 'home.unknownZip' ? 'validation.unknownZip' : 'validation.homeOtherCity';
    return null;
  }
  if (step === 2) return d.skills.length > 0 ? null : 'validation.skillRequired';
  return null;
}

export type ImageError =
  'validation.imageType' | 'validation.logoTooLarge' | 'validation.profileImageTooLarge' | null;

/** Logos and profile images: image files only, under 5 MB. */
export function imageError(file: Pick<File, 'type' | 'size'>, kind: 'logo' | 'profileImage'): ImageError {
  if (!file.type.startsWith('image/')) return 'validation.imageType';
  if (file.size > LIMITS.imageMaxBytes)
    return kind === 'logo' ? 'validation.logoTooLarge' : 'validation.profileImageTooLarge';
  return null;
}

/** The multipart form for POST /profiles/restaurant: objects as JSON, the logo as a file part. */
export function restaurantForm(d: RestaurantDraft): FormData {
  const f = new FormData();
  f.set('name', d.name.trim());
  f.set('description', d.description.trim());
  f.set('address', d.address.trim());
  f.set('city', d.city);
  f.set('state', d.state);
  if (d.zip.trim()) f.set('zip', d.zip.trim());
  if (d.latitude !== null) f.set('latitude', String(d.latitude));
  if (d.longitude !== null) f.set('longitude', String(d.longitude));
  if (d.pin) setPinFields(f, d.pin);
  f.set('operatingHours', JSON.stringify(d.operatingHours));
  f.set('cuisineTypes', JSON.stringify(d.cuisineTypes));
  if (d.logo) f.set('logo', d.logo);
  return f;
}

/** The multipart form for POST /profiles/chef. */
export function chefForm(d: ChefDraft): FormData {
  const f = new FormData();
  f.set('name', d.name.trim());
  f.set('bio', d.bio.trim());
  f.set('city', d.city);
  f.set('state', d.state);
  f.set('latitude', String(d.latitude));
  f.set('longitude', String(d.longitude));
  f.set('travelRadius', String(d.travelRadius));
  setHomeFields(f, { home: d.home ?? '', point: d.homePoint ?? null });
  f.set('skills', JSON.stringify(d.skills));
  // a draft kept from before languages has none: the server keeps the account's language then
  if (d.languages?.length) f.set('languages', JSON.stringify(d.languages));
  f.set('availability', JSON.stringify(d.availability));
  if (d.profileImage) f.set('profileImage', d.profileImage);
  return f;
}
