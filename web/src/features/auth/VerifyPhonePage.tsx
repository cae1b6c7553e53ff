import { useEffect, useRef } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { VERIFY_REDIRECT_MS } from '../../shared/constants';
import { useAuth } from '../../shared/hooks';
import { Alert } from '../../shared/components/Alert';
import { PageSpinner } from '../../shared/components/Spinner';
import { PublicHeader } from '../landing';
import { NavBar } from '../shell';
import { PhoneCodeForm } from './PhoneCodeForm';
import { dashboardPathFor, onboardingPathFor } from './RequireAuth';
import { usePhoneVerification } from './usePhoneVerification';
import { formatPhone } from '../../shared/phone';

/**
 * After sign-up (phone and user type in navigation state), or later for a signed-in account whose phone is not
 * verified yet. The code is checked for the signed-in account; on success the session is refreshed, then
 * onboarding (or the dashboard, with a profile) after 1.5 s. A signed-in person (after sign-up too) sees their own
 * header (brand, language, account menu), never "Log In / Sign Up".
 */
export default function VerifyPhonePage() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const navigate = useNavigate();
  const { loading, user, profile } = useAuth();
  const state = location.state as {
    phone?: string;
    userType?: 'chef' | 'restaurant';
    codeSent?: boolean;
  } | null;
  const phone = user?.phone ?? state?.phone;
  const userType = user?.user_type ?? state?.userType;
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const verification = usePhoneVerification(phone ?? '', () => {
    // Sign-up sends chefs to /onboarding/worker (the spec's route, the chef wizard). The verification page is
    // replaced, so Back from onboarding never returns to it.
    const next = profile
      ? dashboardPathFor(userType!)
      : userType === 'chef'
        ? '/onboarding/worker'
        : onboardingPathFor(userType!);
    timer.current = window.setTimeout(() => navigate(next, { replace: true }), VERIFY_REDIRECT_MS);
  });

  if (loading && !state) return <PageSpinner />;
  if (!phone || !userType || (!state && user?.phone_verified && !verification.verified))
    return <Navigate to={user ? dashboardPathFor(user.user_type) : '/signup'} replace />;

  return (
    <>
      {user ? <NavBar /> : <PublicHeader />}
      <main id="main" className={user ? 'page auth-page app-main has-tabbar' : 'page auth-page'}>
        <div className="card auth-card">
          <h1>{t('verify.title')}</h1>
          <p className="muted">{t('verify.subtitle', { phone: formatPhone(phone) })}</p>
          {state?.codeSent === false && !verification.notice && !verification.error && (
            <Alert tone="warning">{t('verify.codeNotSent')}</Alert>
          )}
          <PhoneCodeForm verification={verification} resendLabel={t('verify.resend')} />
        </div>
      </main>
    </>
  );
}
