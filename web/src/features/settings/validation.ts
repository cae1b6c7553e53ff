import { LIMITS, nameProblem } from '../../shared/contracts';

type NameProblem = NonNullable<ReturnType<typeof nameProblem>>;

/**
 * Settings profile form: the name is required and must be one the server takes (a code: its text is the
 * server's, errors namespace); a chef's bio is at most 250 characters.
 */
export function settingsProfileError(
  userType: 'chef' | 'restaurant',
  name: string,
  bio: string,
): 'nameRequired' | 'bioTooLong' | NameProblem | null {
  if (name.trim() === '') return 'nameRequired';
  const problem = nameProblem(name);
  if (problem) return problem;
  if (userType === 'chef' && bio.length > LIMITS.bioMax) return 'bioTooLong';
  return null;
}
