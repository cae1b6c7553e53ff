import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCode, errorText } from '../../shared/api';
import { serverText } from '../../shared/serverText';
import { useAppDispatch } from '../../shared/hooks';
import { authApi } from './authApi';
import { refreshSession } from './authThunks';
import { checkCode, sanitizeCode } from './validation';

/** API answers the verification screens show in the user's language (others show the server's text). */
const LOCALIZED: Record<string, string> = {
  'IDENTITY.TOO_MANY_CODES': 'verify.tooManyCodes',
  'IDENTITY.PHONE_TAKEN': 'verify.phoneTaken',
};

/**
 * Verify the signed-in account's phone: send a new code, enter it. On success the session is refreshed at
 * once, so the next calls carry the verified phone (posting, applying and messaging need it).
 */
export function usePhoneVerification(phone: string, onVerified?: () => void) {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  /** Verified here: the screen shows its success even though the account no longer needs it. */
  const [verified, setVerified] = useState(false);
  const [verify, verifyState] = authApi.useVerifyPhoneMutation();
  const [resend, resendState] = authApi.useResendCodeMutation();
  const failure = (err: unknown, fallback: string) => {
    const key = LOCALIZED[errorCode(err) ?? ''];
    return key ? t(key) : errorText(err as Parameters<typeof errorText>[0], fallback);
  };

  const onVerify = async (e?: FormEvent) => {
    e?.preventDefault();
    setError(null);
    setNotice(null);
    const problem = checkCode(code);
    if (problem) return setError(t(problem));
    const res = await verify({ phone, code });
    if (res.error) return setError(failure(res.error, t('verify.failed')));
    setNotice(serverText(res.data.message, t('errors:texts.phoneVerified')));
    setVerified(true);
    await dispatch(refreshSession());
    onVerified?.();
  };

  const onResend = async () => {
    setError(null);
    setNotice(null);
    const res = await resend({ phone });
    if (res.error) setError(failure(res.error, t('verify.resendFailed')));
    else setNotice(t('verify.codeSent'));
  };

  return {
    code,
    setCode: (value: string) => setCode(sanitizeCode(value)),
    error,
    notice,
    verified,
    onVerify,
    onResend,
    verifying: verifyState.isLoading,
    sending: resendState.isLoading,
  };
}

export type PhoneVerification = ReturnType<typeof usePhoneVerification>;
