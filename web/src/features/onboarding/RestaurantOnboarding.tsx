import { useTranslation } from 'react-i18next';
import { CUISINES, PIN_ACCURACY_METERS } from '../../shared/contracts';
import { useAuth } from '../../shared/hooks';
import { Field } from '../../shared/components/Field';
import { ToggleGroup } from '../../shared/components/ToggleGroup';
import { PinButton } from '../profile';
import { CityField, OnboardingPage, type OnboardingRole, type StepProps } from './OnboardingWizard';
import { ImagePicker, WeekSchedule } from './WizardControls';
import {
  citySelection,
  emptyRestaurantDraft,
  restaurantForm,
  restaurantStepError,
  type RestaurantDraft,
} from './validation';
import { TextField } from '../../shared/components/TextField';

/** Step 1: name, description, address, city (with its state) and zip, and the location pin (issue 34). */
function Details({ draft, set }: StepProps<RestaurantDraft>) {
  const { t } = useTranslation('onboarding');
  const { t: tc } = useTranslation('common');
  // Editing a pinned profile: a new address or ZIP removes the pin unless it is pinned again here.
  const { profile } = useAuth();
  const pinnedBefore = !!profile && 'location_pinned' in profile && profile.location_pinned === true;
  return (
    <>
      <Field label={t('restaurant.name')}>
        {(p) => <input {...p} required value={draft.name} onChange={(e) => set({ name: e.target.value })} />}
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
      <TextField
        label={t('restaurant.address')}
        required
        autoComplete="street-address"
        value={draft.address}
        onChange={(v) => set({ address: v })}
      />
      <div className="field-row">
        <CityField
          required
          value={draft.city}
          onSelect={(city) =>
            city ? set(citySelection(city)) : set({ city: '', state: '', latitude: null, longitude: null })
          }
        />
        <Field label={t('state')}>{(p) => <input {...p} value={draft.state} readOnly />}</Field>
        <TextField
          label={t('restaurant.zip')}
          inputMode="numeric"
          autoComplete="postal-code"
          value={draft.zip}
          onChange={(v) => set({ zip: v })}
        />
      </div>
      <fieldset className="location-pin-field">
        <legend>{tc('pin.title')}</legend>
        <p className="hint">{tc('pin.why', { limit: PIN_ACCURACY_METERS })}</p>
        <PinButton
          pinned={draft.pin ? { at: draft.pin.at, accuracy: draft.pin.accuracy } : null}
          onPin={async (pin) => {
            set({ pin });
            return null;
          }}
        />
        <p className="hint">{tc(pinnedBefore ? 'pin.movedClears' : 'pin.later')}</p>
      </fieldset>
    </>
  );
}

/** Step 2: cuisine types and the logo. */
function Cuisines({ draft, set }: StepProps<RestaurantDraft>) {
  const { t } = useTranslation('onboarding');
  const { t: tc } = useTranslation('catalog');
  return (
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
  );
}

/** Step 3: operating hours per weekday: every day starts closed until the restaurant opens it. */
function Hours({ draft, set }: StepProps<RestaurantDraft>) {
  const { t } = useTranslation('onboarding');
  return (
    <WeekSchedule
      legend={t('restaurant.hours')}
      hint={t('restaurant.hoursHint')}
      onLabel={t('restaurant.open')}
      offLabel={t('restaurant.closed')}
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
  );
}

const restaurant: OnboardingRole<RestaurantDraft> = {
  type: 'restaurant',
  empty: emptyRestaurantDraft,
  stepError: restaurantStepError,
  toForm: restaurantForm,
  steps: [Details, Cuisines, Hours],
};

export default function RestaurantOnboarding() {
  return <OnboardingPage role={restaurant} />;
}
