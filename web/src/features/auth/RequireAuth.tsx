import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAuth } from '../../app/hooks';
import { Spinner } from '../../components/Spinner';

/** Where a signed-in user without a profile is sent: /onboarding/chef or /onboarding/restaurant. */
export function onboardingPathFor(userType: 'chef' | 'restaurant'): string {
  return userType === 'restaurant' ? '/onboarding/restaurant' : '/onboarding/chef';
}

export function dashboardPathFor(userType: 'chef' | 'restaurant'): string {
  return userType === 'restaurant' ? '/dashboard/restaurant' : '/dashboard/chef';
}

/**
 * The protected wrapper: a spinner while auth loads; no session or user -> /login remembering where the
 * visitor was going; a required profile that is missing -> onboarding by user type.
 */
export function RequireAuth({ requireProfile = false }: { requireProfile?: boolean }) {
  const { loading, session, user, profile } = useAuth();
  const location = useLocation();
  if (loading) return <Spinner />;
  if (!session || !user) {
    return (
      <Navigate
        to="/login"
        replace
        state={{ from: `${location.pathname}${location.search}${location.hash}` }}
      />
    );
  }
  if (requireProfile && !profile) return <Navigate to={onboardingPathFor(user.user_type)} replace />;
  return <Outlet />;
}
