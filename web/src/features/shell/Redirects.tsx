import { Navigate } from 'react-router-dom';
import { useAuth } from '../../shared/hooks';
import { dashboardPathFor, onboardingPathFor } from '../auth';

/** /dashboard and any unknown dashboard path: by user type. */
export function DashboardRedirect() {
  const { user } = useAuth();
  return <Navigate to={dashboardPathFor(user?.user_type ?? 'chef')} replace />;
}

/** /onboarding: by user type. */
export function OnboardingRedirect() {
  const { user } = useAuth();
  return <Navigate to={onboardingPathFor(user?.user_type ?? 'chef')} replace />;
}

/** A page for one user type visited by the other: send them to their own. */
export function ForType({
  type,
  children,
  fallback,
}: {
  type: 'chef' | 'restaurant';
  children: React.ReactNode;
  fallback: 'dashboard' | 'onboarding';
}) {
  const { user } = useAuth();
  if (user && user.user_type !== type) {
    return (
      <Navigate
        to={fallback === 'dashboard' ? dashboardPathFor(user.user_type) : onboardingPathFor(user.user_type)}
        replace
      />
    );
  }
  return <>{children}</>;
}

/** The default export of a page for one user type: the page inside ForType (the other type goes to its dashboard). */
export function pageFor(type: 'chef' | 'restaurant', Page: React.ComponentType): React.ComponentType {
  function PageForType() {
    return (
      <ForType type={type} fallback="dashboard">
        <Page />
      </ForType>
    );
  }
  return PageForType;
}
