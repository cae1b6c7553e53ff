import { useTranslation } from 'react-i18next';
import { CITY_NAMES, LIMITS, SKILLS, TRAVEL_RADIUS_OPTIONS, type CityName } from '../../app/contracts';
import { Field } from '../../components/Field';
import { ToggleGroup } from '../../components/ToggleGroup';
import { ForType } from '../shell/Redirects';
import { ImagePicker, WeekSchedule, Wizard } from './parts';
import { useOnboardingWizard } from './useSaveProfile';
import { chefForm, chefStepError, citySelection, emptyChefDraft } from './validation';

function ChefWizard() {
  const { t } = useTranslation('onboarding');
  const { t: tc } = useTranslation('catalog');
  const { draft, set, step, error, busy, next, previous, finish } = useOnboardingWizard({
    type: 'chef',
    empty: emptyChefDraft,
    stepError: chefStepError,
    toForm: chefForm,
  });

  return (
    <Wizard
      title={t('chef.title')}
      step={step}
      stepTitles={[t('chef.step1'), t('chef.step2'), t('chef.step3')]}
      error={error}
      busy={busy}
      onPrevious={previous}
      onNext={next}
      onComplete={finish}
    >
      {step === 1 && (
        <>
          <Field label={t('chef.name')}>
            {(p) => (
              <input
                {...p}
                required
                autoComplete="name"
                value={draft.name}
                onChange={(e) => set({ name: e.target.value })}
              />
            )}
          </Field>
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
            <Field label={t('city')}>
              {(p) => (
                <select
                  {...p}
                  value={draft.city}
                  onChange={(e) => set(citySelection(e.target.value as CityName))}
                >
                  {CITY_NAMES.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </select>
              )}
            </Field>
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
          <ImagePicker
            label={t('chef.profileImage')}
            kind="profileImage"
            file={draft.profileImage}
            onChange={(profileImage) => set({ profileImage })}
          />
        </>
      )}
      {step === 2 && (
        <ToggleGroup
          legend={t('chef.skills')}
          options={SKILLS}
          selected={draft.skills}
          onChange={(skills) => set({ skills })}
          labelOf={(s) => tc(`skills.${s}`)}
        />
      )}
      {step === 3 && (
        <WeekSchedule
          legend={t('chef.availability')}
          onLabel={t('chef.available')}
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
      )}
    </Wizard>
  );
}

export default function ChefOnboarding() {
  return (
    <ForType type="chef" fallback="onboarding">
      <ChefWizard />
    </ForType>
  );
}
