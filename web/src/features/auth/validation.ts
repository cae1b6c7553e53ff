// Sign-up and phone-verification rules (spec section 5). Pure functions: the forms and the tests read them.

export const PASSWORD_MIN = 8;
export const CODE_LENGTH = 6;

export interface SignupForm {
  email: string;
  password: string;
  confirmPassword: string;
  phone: string;
  userType: 'chef' | 'restaurant';
  tosAccepted: boolean;
}

export interface SignupCheck {
  /** i18n keys of messages to show next to the fields */
  passwordError: 'validation.passwordTooShort' | null;
  confirmError: 'validation.passwordsDontMatch' | null;
  /** Submit is disabled until everything required is there; mismatch or missing terms block silently. */
  canSubmit: boolean;
}

export function checkSignup(form: SignupForm): SignupCheck {
  const passwordTooShort = form.password.length > 0 && form.password.length < PASSWORD_MIN;
  const mismatch = form.confirmPassword.length > 0 && form.password !== form.confirmPassword;
  const filled =
    form.email.trim() !== '' &&
    form.phone.trim() !== '' &&
    form.password !== '' &&
    form.confirmPassword !== '';
  return {
    passwordError: passwordTooShort ? 'validation.passwordTooShort' : null,
    confirmError: mismatch ? 'validation.passwordsDontMatch' : null,
    canSubmit:
      filled &&
      form.password.length >= PASSWORD_MIN &&
      form.password === form.confirmPassword &&
      form.tosAccepted,
  };
}

/** ?type= preselects the role: restaurant, chef or worker (the default). */
export function userTypeFromQuery(value: string | null): 'chef' | 'restaurant' {
  return value === 'restaurant' ? 'restaurant' : 'chef';
}

/** The code box keeps digits only, at most six. */
export function sanitizeCode(input: string): string {
  return input.replace(/\D/g, '').slice(0, CODE_LENGTH);
}

export function checkCode(code: string): 'validation.codeSixDigits' | null {
  return /^\d{6}$/.test(code) ? null : 'validation.codeSixDigits';
}
