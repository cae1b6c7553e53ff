// What identity's rules and mappers read of its stored records. The database rows (`db/schema.ts`) have these
// fields and more; domain/ names only what it reads, so it depends on nothing in db/.

export interface UserRecord {
  id: string;
  email: string;
  phone: string;
  userType: 'chef' | 'restaurant' | 'operator';
  languagePreference: 'en' | 'es';
  phoneVerified: boolean;
  /** issue 40: when the email was confirmed by its link; null: not verified */
  emailVerifiedAt: Date | null;
  suspendedAt: Date | null;
  suspensionReason: string | null;
  suspendedBy: string | null;
  createdAt: Date;
}

/** An operator's account as the console's Operators page and the operator command read it (issue 33). */
export interface OperatorRecord extends UserRecord {
  admin: boolean;
  passwordChangeRequired: boolean;
  removedAt: Date | null;
  totpConfirmedAt: Date | null;
}

interface ProfileRecord {
  id: string;
  userId: string;
  name: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  ratingSum: number;
  totalRatings: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface ChefProfileRecord extends ProfileRecord {
  bio: string;
  travelRadius: number;
  /** Where latitude/longitude come from (null: the city's centre); absent where a query did not read it. */
  homeSource?: 'zip' | 'location' | null;
  homeZip?: string | null;
  skills: string[];
  availability: unknown;
  profileImageUrl: string | null;
  hourlyRateMin: number | string | null;
  languages: string[];
}

export interface RestaurantProfileRecord extends ProfileRecord {
  description: string;
  /** The description's translation (issue 32): domain/text-translation.ts. */
  descriptionTranslation?: unknown;
  address: string;
  zip: string | null;
  operatingHours: unknown;
  cuisineTypes: string[];
  logoUrl: string | null;
  /** Issue 34: when the owner pinned latitude/longitude, and the browser's accuracy (null: not pinned). */
  locationPinnedAt?: Date | null;
  locationAccuracyM?: number | null;
}
