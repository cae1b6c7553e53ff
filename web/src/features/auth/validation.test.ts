import { checkCode, checkSignup, sanitizeCode, userTypeFromQuery, type SignupForm } from './validation';

const good: SignupForm = {
  email: 'cook@example.com',
  password: 'longenough',
  confirmPassword: 'longenough',
  phone: '612-555-0100',
  userType: 'chef',
  tosAccepted: true,
};

describe('sign-up rules', () => {
  test('a complete form with matching passwords and accepted terms can be submitted', () => {
    expect(checkSignup(good)).toEqual({ passwordError: null, confirmError: null, canSubmit: true });
  });

  test('mismatched passwords show "Passwords don\'t match" and disable submit', () => {
    const check = checkSignup({ ...good, confirmPassword: 'different1' });
    expect(check.confirmError).toBe('validation.passwordsDontMatch');
    expect(check.canSubmit).toBe(false);
  });

  test('without the terms accepted submit is blocked silently', () => {
    const check = checkSignup({ ...good, tosAccepted: false });
    expect(check).toEqual({ passwordError: null, confirmError: null, canSubmit: false });
  });

  test('a password under 8 characters is refused', () => {
    const check = checkSignup({ ...good, password: 'short', confirmPassword: 'short' });
    expect(check.passwordError).toBe('validation.passwordTooShort');
    expect(check.canSubmit).toBe(false);
  });

  test('email and phone are required', () => {
    expect(checkSignup({ ...good, email: ' ' }).canSubmit).toBe(false);
    expect(checkSignup({ ...good, phone: '' }).canSubmit).toBe(false);
  });

  test('?type= preselects the role, worker being the default', () => {
    expect(userTypeFromQuery('restaurant')).toBe('restaurant');
    expect(userTypeFromQuery('chef')).toBe('chef');
    expect(userTypeFromQuery('worker')).toBe('chef');
    expect(userTypeFromQuery(null)).toBe('chef');
  });
});

describe('verification code', () => {
  test('keeps digits only, at most six', () => {
    expect(sanitizeCode('12a3-45 678')).toBe('123456');
  });
  test('exactly six digits are required', () => {
    expect(checkCode('12345')).toBe('validation.codeSixDigits');
    expect(checkCode('123456')).toBeNull();
  });
});
