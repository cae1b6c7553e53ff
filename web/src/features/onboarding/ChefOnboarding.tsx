import { useTranslation } from 'react-i18next';
import { LIMITS, SKILLS, TRAVEL_RADIUS_OPTIONS, type CityName } from '../../shared/contracts';
import { Field } from '../../shared/components/Field';
import { ToggleGroup } from '../../shared/components/ToggleGroup';
import { HomeFields, LanguagesField } from '../profile';
import { useAuth } from '../../shared/hooks';
import { CityField, OnboardingPage, type OnboardingRole, type StepProps } from './OnboardingWizard';
import { ImagePicker, WeekSchedule } from './WizardControls';
import { chefForm, chefStepError, citySelection, emptyChefDraft, type ChefDraft } from './validation';
import { TextField } from '../../shared/components/TextField';

/** Step 1: name, bio (with its counter), city, travel radius, home (issue 32), profile image. */
function About({ draft, set }: StepProps<ChefDraft>) {
  const { t } = useTranslation('onboarding');
  return (
    <>
      <TextField
        label={t('chef.name')}
        required
        autoComplete="name"
        value={draft.name}
        onChange={(v) => set({ name: v })}
      />
      <Field
        label={t('chef.bio')}
        hint={
          <span className={draft.bio.length > LIMITS.bioMax ? 'over' : ''} aria-live="polite">
            {t('counter', { count: draft.bio.length, max: LIMITS.bioMax })}
          </span>
        }
      >
        {(p) => (
          <textarea
            {...p}
            required
            rows={4}
            value={draft.bio}
            onChange={(e) => set({ bio: e.target.value })}
          />
        )}
      </Field>
      <div className="field-row">
        <CityField value={draft.city} onSelect={(city) => set(citySelection(city as CityName))} />
        <Field label={t('chef.travelRadius')}>
          {(p) => (
            <select
              {...p}
              value={draft.travelRadius}
              onChange={(e) => set({ travelRadius: Number(e.target.value) })}
            >
              {TRAVEL_RADIUS_OPTIONS.map((r) => (
                <option key={r} value={r}>
                  {t('miles', { value: r === 30 ? '30+' : String(r) })}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <HomeFields
        draft={{ home: draft.home ?? '', point: draft.homePoint ?? null }}
        city={draft.city}
        onChange={({ home, point }) => set({ home, homePoint: point })}
      />
      <ImagePicker
        label={t('chef.profileImage')}
        kind="profileImage"
        file={draft.profileImage}
        onChange={(profileImage) => set({ profileImage })}
      />
    </>
  );
}

/** Step 2: skills, and the languages the chef speaks (the account's language until they choose). */
function Skills({ draft, set }: StepProps<ChefDraft>) {
  const { t } = useTranslation('onboarding');
  const { t: tc } = useTranslation('catalog');
  const { user } = useAuth();
  const chosen = draft.languages?.length ? draft.languages : [user?.language_preference ?? 'en'];
  return (
    <>
      <ToggleGroup
        legend={t('chef.skills')}
        options={SKILLS}
        selected={draft.skills}
        onChange={(skills) => set({ skills })}
        labelOf={(s) => tc(`skills.${s}`)}
      />
      <LanguagesField value={chosen} onChange={(languages) => set({ languages })} />
    </>
  );
}

/** Step 3: availability per weekday. */
function Availability({ draft, set }: StepProps<ChefDraft>) {
  const { t } = useTranslation('onboarding');
  return (
    <WeekSchedule
      legend={t('chef.availability')}
      onLabel={t('chef.available')}
      offLabel={t('chef.unavailable')}
      fromLabel={t('chef.from')}
      toLabel={t('chef.to')}
      rows={
        Object.fromEntries(
          Object.entries(draft.availability).map(([d, a]) => [
            d,
            { on: a.available, from: a.start, to: a.end },
          ]),
        ) as never
      }
      onChange={(day, row) =>
        set({
          availability: {
            ...draft.availability,
            [day]: { available: row.on, start: row.from, end: row.to },
          },
        })
      }
    />
  );
}

const chef: OnboardingRole<ChefDraft> = {
  type: 'chef',
  empty: emptyChefDraft,
  stepError: chefStepError,
  toForm: chefForm,
  steps: [About, Skills, Availability],
};

export default function ChefOnboarding() {
  return <OnboardingPage role={chef} />;
}
