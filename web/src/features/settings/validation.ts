import { LIMITS } from '../../app/contracts';

/** Settings profile form: the name is required; a chef's bio is at most 250 characters. */
export function settingsProfileError(
  userType: 'chef' | 'restaurant',
  name: string,
  bio: string,
): 'nameRequired' | 'bioTooLong' | null {
  if (name.trim() === '') return 'nameRequired';
  if (userType === 'chef' && bio.length > LIMITS.bioMax) return 'bioTooLong';
  return null;
}
