import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { CREDENTIAL_TYPES, type CredentialType } from '@brigade/contracts';
import { Alert } from '../../shared/components/Alert';

/** Issue 39, Post Shift: which credentials a chef must have verified to take the shift (none by default). */
export function RequiredCredentialsField({
  value,
  onChange,
  disabled,
}: {
  value: readonly CredentialType[];
  onChange: (value: CredentialType[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('credentials');
  const toggle = (type: CredentialType, on: boolean) =>
    onChange(CREDENTIAL_TYPES.filter((t2) => (t2 === type ? on : value.includes(t2))));
  return (
    <fieldset data-testid="required-credentials">
      <legend>{t('required.legend')}</legend>
      <p className="hint">{t('required.hint')}</p>
      {CREDENTIAL_TYPES.map((type) => (
        <label key={type} className="check-row">
          <input
            type="checkbox"
            checked={value.includes(type)}
            disabled={disabled}
            onChange={(e) => toggle(type, e.target.checked)}
          />
          {t(`types.${type}`)}
        </label>
      ))}
    </fieldset>
  );
}

/** Issue 39, a shift's page: the credentials it requires ("Requires: Food handler card"). */
export function RequiredCredentialsLine({ types }: { types: readonly CredentialType[] | undefined }) {
  const { t } = useTranslation('credentials');
  if (!types || types.length === 0) return null;
  return (
    <p data-testid="required-credentials-line">
      <strong>{t('required.line')}</strong> {types.map((type) => t(`types.${type}`)).join(', ')}
    </p>
  );
}

/**
 * Issue 39, a chef's job page: the required credentials they have no verified, unexpired one of. They can see
 * the shift but not take it until they add them (and an operator checks them): the link goes to Credentials.
 */
export function MissingCredentials({ missing }: { missing: readonly CredentialType[] | undefined }) {
  const { t } = useTranslation('credentials');
  if (!missing || missing.length === 0) return null;
  return (
    <div data-testid="missing-credentials">
      <Alert tone="warning">
        <p>{t('missing.intro')}</p>
        <ul className="plain-list">
          {missing.map((type) => (
            <li key={type}>{t(`types.${type}`)}</li>
          ))}
        </ul>
        <p>
          <Link to="/credentials">{t('missing.add')}</Link>
        </p>
      </Alert>
    </div>
  );
}
