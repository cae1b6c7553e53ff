import { useTranslation } from 'react-i18next';
import { useAuth } from '../../shared/hooks';
import { Alert } from '../../shared/components/Alert';
import { PhoneCodeForm } from './PhoneCodeForm';
import { usePhoneVerification } from './usePhoneVerification';
import { formatPhone } from '../../shared/phone';

/**
 * For a signed-in account whose phone is not verified (it left /verify-phone, or its code never came): send
 * a new code and enter it, from the dashboard or Settings. Shows nothing once the phone is verified.
 */
export function VerifyPhoneCard() {
  const { t } = useTranslation('auth');
  const { user } = useAuth();
  const verification = usePhoneVerification(user?.phone ?? '');
  if (!user || (user.phone_verified && !verification.verified)) return null;
  return (
    <section className="card" aria-labelledby="verify-card-title">
      <h2 id="verify-card-title">{t('verifyCard.title')}</h2>
      {verification.verified ? (
        <Alert tone="success">{verification.notice}</Alert>
      ) : (
        <>
          <p className="muted">{t('verifyCard.text', { phone: formatPhone(user.phone) })}</p>
          <PhoneCodeForm verification={verification} resendLabel={t('verifyCard.send')} />
        </>
      )}
    </section>
  );
}
