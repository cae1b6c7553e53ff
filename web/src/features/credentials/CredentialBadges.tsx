import { useTranslation } from 'react-i18next';
import type { CredentialType } from '@brigade/contracts';

/**
 * Issue 39: a chef's verified credentials that count today, as badges (the profile, the search's and the
 * applicant's cards). Nothing when there are none.
 */
export function CredentialBadges({ types }: { types: readonly CredentialType[] | null | undefined }) {
  const { t } = useTranslation('credentials');
  if (!types || types.length === 0) return null;
  return (
    <ul className="tags credential-badges" aria-label={t('badges.label')} data-testid="credential-badges">
      {types.map((type) => (
        <li key={type} className="tag tag-credential">
          <span aria-hidden="true">✓ </span>
          {t(`types.${type}`)}
        </li>
      ))}
    </ul>
  );
}
