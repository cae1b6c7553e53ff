import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { CITY_NAMES, type CityName } from '../../shared/contracts';
import { Field } from '../../shared/components/Field';
import { ForType } from '../shell';
import { Wizard } from './WizardControls';
import { useOnboardingWizard } from './useSaveProfile';
import type { StepError } from './validation';

/** What one step of a wizard receives: the draft and how to change it. */
export interface StepProps<D> {
  draft: D;
  set: (patch: Partial<D>) => void;
}

/**
 * One role's onboarding as data: its draft, the rule of each step, the profile form it sends and one small
 * component per step. Titles are the onboarding texts `<type>.title` and `<type>.step<n>`.
 */
export interface OnboardingRole<D> {
  type: 'chef' | 'restaurant';
  empty: () => D;
  stepError: (step: number, draft: D) => StepError;
  toForm: (draft: D) => FormData;
  steps: readonly ComponentType<StepProps<D>>[];
}

function OnboardingWizard<D>({ role }: { role: OnboardingRole<D> }) {
  const { t } = useTranslation('onboarding');
  const { draft, set, step, error, busy, next, previous, finish } = useOnboardingWizard(role);
  const Step = role.steps[step - 1];
  return (
    <Wizard
      title={t(`${role.type}.title`)}
      step={step}
      stepTitles={role.steps.map((_, i) => t(`${role.type}.step${i + 1}`))}
      error={error}
      busy={busy}
      onPrevious={previous}
      onNext={next}
      onComplete={finish}
    >
      <Step draft={draft} set={set} />
    </Wizard>
  );
}

/** /onboarding/<role>: the role's wizard, for accounts of that role only. */
export function OnboardingPage<D>({ role }: { role: OnboardingRole<D> }) {
  return (
    <ForType type={role.type} fallback="onboarding">
      <OnboardingWizard role={role} />
    </ForType>
  );
}

/** The city of a profile; `required` adds the empty choice first (nothing chosen yet). */
export function CityField({
  value,
  required,
  onSelect,
}: {
  value: string;
  required?: boolean;
  onSelect: (city: CityName | '') => void;
}) {
  const { t } = useTranslation('onboarding');
  return (
    <Field label={t('city')}>
      {(p) => (
        <select
          {...p}
          required={required}
          value={value}
          onChange={(e) => onSelect(e.target.value as CityName | '')}
        >
          {required && <option value="">{t('chooseCity')}</option>}
          {CITY_NAMES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
