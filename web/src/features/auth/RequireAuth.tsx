import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAuth } from '../../shared/hooks';
import { PageSpinner } from '../../shared/components/Spinner';
import type { AccountType } from '../../shared/contracts';

/** The member side a screen of chefs and restaurants serves (an operator never reaches one: see RequireAuth). */
export function asMember(userType: AccountType): 'chef' | 'restaurant' {
  return userType === 'restaurant' ? 'restaurant' : 'chef';
}

/** Where operators land: the console. */
export const OPS_HOME = '/ops';

/** Where a signed-in user without a profile is sent: /onboarding/chef or /onboarding/restaurant. */
export function onboardingPathFor(userType: AccountType): string {
  if (userType === 'operator') return OPS_HOME;
  return userType === 'restaurant' ? '/onboarding/restaurant' : '/onboarding/chef';
}

export function dashboardPathFor(userType: AccountType): string {
  if (userType === 'operator') return OPS_HOME;
  return userType === 'restaurant' ? '/dashboard/restaurant' : '/dashboard/chef';
}

/**
 * The protected wrapper: a spinner while auth loads; no session or user -> /login remembering where the
 * visitor was going; a required profile that is missing -> onboarding by user type. Member screens send an
 * operator to the console; the console (`operators`) sends a member to their dashboard.
 */
export function RequireAuth({
  requireProfile = false,
  operators = false,
}: {
  requireProfile?: boolean;
  operators?: boolean;
}) {
  const { loading, session, user, profile } = useAuth();
  const location = useLocation();
  if (loading) return <PageSpinner />;
  if (!session || !user) {
    return (
      <Navigate
        to="/login"
        replace
        state={{ from: `${location.pathname}${location.search}${location.hash}` }}
      />
    );
  }
  if (operators !== (user.user_type === 'operator'))
    return <Navigate to={dashboardPathFor(user.user_type)} replace />;
  if (requireProfile && !profile) return <Navigate to={onboardingPathFor(user.user_type)} replace />;
  return <Outlet />;
}
