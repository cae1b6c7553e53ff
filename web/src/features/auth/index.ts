// The auth feature's face: what other features use of it (they import nothing else of it).
export { LanguageToggle } from './LanguageToggle';
export { CodeStep } from './OperatorLoginSteps';
export { PhoneRequiredNotice, failureText } from './PhoneRequired';
export { RequireAuth, asMember, dashboardPathFor, onboardingPathFor } from './RequireAuth';
export { VerifyPhoneCard } from './VerifyPhoneCard';
export { EmailStatus } from './EmailStatus';
export { signIn, signOut } from './accountThunks';
export { type ChefProfile, type RestaurantProfile, type TotpEnrolment, authApi } from './authApi';
export {
  autoRefreshTick,
  chooseLanguage,
  recheckSession,
  renewSession,
  restoreSession,
  restoreSessionOnce,
} from './authThunks';
