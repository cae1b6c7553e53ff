import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorCode, errorText, PHONE_UNVERIFIED } from '../../shared/api';

/** Posting, applying and messaging need a verified phone: the text and the way to verify. */
export function PhoneRequiredNotice() {
  const { t } = useTranslation('common');
  return (
    <>
      {t('phone.unverified')} <Link to="/verify-phone">{t('phone.verifyLink')}</Link>
    </>
  );
}

/** What a failed post, apply or message shows: the verified-phone notice, else the server's text. */
export function failureText(error: Parameters<typeof errorText>[0], fallback: string): ReactNode {
  return errorCode(error) === PHONE_UNVERIFIED ? <PhoneRequiredNotice /> : errorText(error, fallback);
}
