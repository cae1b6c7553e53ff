import { useTranslation } from 'react-i18next';
import { Alert } from '../../shared/components/Alert';
import type { PhoneVerification } from './usePhoneVerification';
import { SixDigitCodeField } from '../../shared/components/SecretFields';

/** The code entry of the verification page, the dashboard card and Settings: code, Verify, send a new code. */
export function PhoneCodeForm({
  verification: v,
  resendLabel,
}: {
  verification: PhoneVerification;
  resendLabel: string;
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      <Alert>{v.error}</Alert>
      <Alert tone="success">{v.notice}</Alert>
      <form onSubmit={(e) => void v.onVerify(e)} noValidate>
        <SixDigitCodeField label={t('verify.codeLabel')} value={v.code} onChange={v.setCode} />
        <button type="submit" className="btn btn-block" disabled={v.verifying}>
          {v.verifying ? t('verify.verifying') : t('verify.submit')}
        </button>
      </form>
      <p className="center">
        <button type="button" className="link-btn" onClick={() => void v.onResend()} disabled={v.sending}>
          {resendLabel}
        </button>
      </p>
    </>
  );
}
