import { useTranslation } from 'react-i18next';
import { LIMITS } from '../contracts';
import { Field } from './Field';

/** The hourly rate of a shift, in dollars and cents within the posting's limits (Post Shift, Edit shift). */
export function RateField({
  value,
  onChange,
  required = false,
}: {
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
}) {
  const { t } = useTranslation('jobs');
  return (
    <Field
      label={t('post.rate')}
      hint={t('post.rateHint', { min: LIMITS.hourlyRateMin, max: LIMITS.hourlyRateMax })}
    >
      {(p) => (
        <input
          {...p}
          type="number"
          inputMode="decimal"
          min={LIMITS.hourlyRateMin}
          max={LIMITS.hourlyRateMax}
          step="0.01"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          required={required}
        />
      )}
    </Field>
  );
}
