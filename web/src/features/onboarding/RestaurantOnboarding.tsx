import { useTranslation } from 'react-i18next';
import { CITY_NAMES, CUISINES, type CityName } from '../../app/contracts';
import { Field } from '../../components/Field';
import { ToggleGroup } from '../../components/ToggleGroup';
import { ForType } from '../shell/Redirects';
import { ImagePicker, WeekSchedule, Wizard } from './parts';
import { useOnboardingWizard } from './useSaveProfile';
import { citySelection, emptyRestaurantDraft, restaurantForm, restaurantStepError } from './validation';

function RestaurantWizard() {
  const { t } = useTranslation('onboarding');
  const { t: tc } = useTranslation('catalog');
  const { draft, set, step, error, busy, next, previous, finish } = useOnboardingWizard({
    type: 'restaurant',
    empty: emptyRestaurantDraft,
    stepError: restaurantStepError,
    toForm: restaurantForm,
  });

  return (
    <Wizard
      title={t('restaurant.title')}
      step={step}
      stepTitles={[t('restaurant.step1'), t('restaurant.step2'), t('restaurant.step3')]}
      error={error}
      busy={busy}
      onPrevious={previous}
      onNext={next}
      onComplete={finish}
    >
      {step === 1 && (
        <>
          <Field label={t('restaurant.name')}>
            {(p) => (
              <input {...p} required value={draft.name} onChange={(e) => set({ name: e.target.value })} />
            )}
          </Field>
          <Field label={t('restaurant.description')}>
            {(p) => (
              <textarea
                {...p}
                required
                rows={3}
                value={draft.description}
                onChange={(e) => set({ description: e.target.value })}
              />
            )}
          </Field>
          <Field label={t('restaurant.address')}>
            {(p) => (
              <input
                {...p}
                required
                autoComplete="street-address"
                value={draft.address}
                onChange={(e) => set({ address: e.target.value })}
              />
            )}
          </Field>
          <div className="field-row">
            <Field label={t('city')}>
              {(p) => (
                <select
                  {...p}
                  required
                  value={draft.city}
                  onChange={(e) =>
                    e.target.value
                      ? set(citySelection(e.target.value as CityName))
                      : set({ city: '', state: '', latitude: null, longitude: null })
                  }
                >
                  <option value="">{t('chooseCity')}</option>
                  {CITY_NAMES.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label={t('state')}>{(p) => <input {...p} value={draft.state} readOnly />}</Field>
            <Field label={t('restaurant.zip')}>
              {(p) => (
                <input
                  {...p}
                  inputMode="numeric"
                  autoComplete="postal-code"
                  value={draft.zip}
                  onChange={(e) => set({ zip: e.target.value })}
                />
              )}
            </Field>
          </div>
        </>
      )}
      {step === 2 && (
        <>
          <ToggleGroup
            legend={t('restaurant.cuisines')}
            options={CUISINES}
            selected={draft.cuisineTypes}
            onChange={(cuisineTypes) => set({ cuisineTypes })}
            labelOf={(c) => tc(`cuisines.${c}`)}
          />
          <ImagePicker
            label={t('restaurant.logo')}
            kind="logo"
            file={draft.logo}
            onChange={(logo) => set({ logo })}
          />
        </>
      )}
      {step === 3 && (
        <WeekSchedule
          legend={t('restaurant.hours')}
          onLabel={t('restaurant.open')}
          fromLabel={t('restaurant.opens')}
          toLabel={t('restaurant.closes')}
          rows={
            Object.fromEntries(
              Object.entries(draft.operatingHours).map(([d, h]) => [
                d,
                { on: !h.closed, from: h.open, to: h.close },
              ]),
            ) as never
          }
          onChange={(day, row) =>
            set({
              operatingHours: {
                ...draft.operatingHours,
                [day]: { open: row.from, close: row.to, closed: !row.on },
              },
            })
          }
        />
      )}
    </Wizard>
  );
}

export default function RestaurantOnboarding() {
  return (
    <ForType type="restaurant" fallback="onboarding">
      <RestaurantWizard />
    </ForType>
  );
}
