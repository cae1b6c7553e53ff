import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { currentLanguage } from '../../shared/i18n';
import { Alert } from '../../shared/components/Alert';
import { AuthScreen } from './AuthScreen';
import { signUp } from './accountThunks';
import { checkSignup, userTypeFromQuery, type SignupForm } from './validation';
import { TextField } from '../../shared/components/TextField';
import { PasswordField } from '../../shared/components/SecretFields';

export default function SignupPage() {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const error = useAppSelector((s) => s.auth.error);
  const [form, setForm] = useState<SignupForm>({
    email: '',
    password: '',
    confirmPassword: '',
    phone: '',
    userType: userTypeFromQuery(params.get('type')),
    tosAccepted: false,
  });
  const [busy, setBusy] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [phoneTaken, setPhoneTaken] = useState(false);
  const check = checkSignup(form);
  const set = <K extends keyof SignupForm>(key: K, value: SignupForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!check.canSubmit || busy) return;
    setBusy(true);
    setSubmitted(true);
    const outcome = await dispatch(
      signUp({
        email: form.email.trim(),
        password: form.password,
        phone: form.phone.trim(),
        userType: form.userType,
        languagePreference: currentLanguage(),
      }),
    );
    setBusy(false);
    setPhoneTaken(!outcome.ok && outcome.code === 'IDENTITY.PHONE_TAKEN');
    if (outcome.ok)
      navigate('/verify-phone', {
        state: { phone: form.phone.trim(), userType: form.userType, codeSent: outcome.codeSent },
      });
  };

  return (
    <AuthScreen other={{ question: t('signup.haveAccount'), to: '/login', link: t('signup.loginLink') }}>
      <h1>{t('signup.title')}</h1>
      <p className="muted">
        {form.userType === 'restaurant' ? t('signup.subtitleRestaurant') : t('signup.subtitleChef')}
      </p>
      {submitted && error && (
        <Alert>
          {phoneTaken ? (
            <>
              {t('signup.phoneTaken')} <Link to="/login">{t('signup.loginLink')}</Link>
            </>
          ) : (
            error
          )}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate>
        <fieldset className="role-choice">
          <legend>{t('fields.userType')}</legend>
          {(['chef', 'restaurant'] as const).map((type) => (
            <label key={type} className={form.userType === type ? 'role-option role-on' : 'role-option'}>
              <input
                type="radio"
                name="userType"
                value={type}
                checked={form.userType === type}
                onChange={() => set('userType', type)}
              />
              <span>{t(`signup.type.${type}`)}</span>
            </label>
          ))}
        </fieldset>
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          required
          value={form.email}
          onChange={(v) => set('email', v)}
        />
        <TextField
          label={t('fields.phone')}
          hint={t('signup.phoneHint')}
          type="tel"
          autoComplete="tel"
          required
          value={form.phone}
          onChange={(v) => set('phone', v)}
        />
        <PasswordField
          purpose="new"
          label={t('fields.password')}
          error={check.passwordError && t(check.passwordError)}
          required
          minLength={8}
          value={form.password}
          onChange={(v) => set('password', v)}
        />
        <PasswordField
          purpose="new"
          label={t('fields.confirmPassword')}
          error={check.confirmError && t(check.confirmError)}
          required
          value={form.confirmPassword}
          onChange={(v) => set('confirmPassword', v)}
        />
        <div className="check-row">
          <input
            id="tos"
            type="checkbox"
            checked={form.tosAccepted}
            onChange={(e) => set('tosAccepted', e.target.checked)}
          />
          <label htmlFor="tos">{t('signup.tosLabel')}</label>
        </div>
        <p className="terms-links">
          <Link to="/legal/chef-terms" target="_blank">
            {t('common:legal.chefTerms')}
          </Link>
          {' · '}
          <Link to="/legal/restaurant-terms" target="_blank">
            {t('common:legal.restaurantTerms')}
          </Link>
          {' · '}
          <Link to="/legal/privacy" target="_blank">
            {t('common:legal.privacy')}
          </Link>
        </p>
        <p className="hint">{t('signup.feeNote')}</p>
        <button type="submit" className="btn btn-block" disabled={!check.canSubmit || busy}>
          {busy ? t('signup.submitting') : t('signup.submit')}
        </button>
      </form>
    </AuthScreen>
  );
}
