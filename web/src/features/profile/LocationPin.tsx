import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api';
import { PIN_ACCURACY_METERS } from '../../shared/contracts';
import { formatDateTime } from '../../shared/format';
import { useAppDispatch, useAuth } from '../../shared/hooks';
import { Alert } from '../../shared/components/Alert';
import { authApi, type RestaurantProfile } from '../auth';
import { authActions } from '../../shared/session/authSlice';
import { ActionButton } from '../../shared/components/ActionButton';

// Issue 34: the restaurant pins its location ("I am at the restaurant now"): the browser's position, asked once with
// high accuracy, kept only when the phone knows it to within PIN_ACCURACY_METERS (the clock-in fence). Chefs clock
// in by location within that distance of the pin; without a pin they clock in with the restaurant's code only.
// Texts in the common namespace under `pin` (onboarding, settings and the dashboard use them).

/** Where the owner stands, as the browser said, and when. */
export interface PinReading {
  latitude: number;
  longitude: number;
  /** metres, as the browser reports it (the radius of 68% confidence) */
  accuracy: number;
  at: string;
}

/** Why no pin: the browser refused, failed, or knew the place too vaguely (with how vaguely). */
export type PinProblem = { kind: 'denied' } | { kind: 'failed' } | { kind: 'vague'; accuracy: number };

/** The browser's position once, fresh and as precise as the phone can (GPS where there is one). */
export function readPin(): Promise<PinReading> {
  return new Promise((resolve, reject: (p: PinProblem) => void) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) return reject({ kind: 'failed' });
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        coords.accuracy > PIN_ACCURACY_METERS
          ? reject({ kind: 'vague', accuracy: Math.round(coords.accuracy) })
          : resolve({
              latitude: coords.latitude,
              longitude: coords.longitude,
              accuracy: Math.round(coords.accuracy * 10) / 10,
              at: new Date().toISOString(),
            }),
      (e) => reject(e.code === e.PERMISSION_DENIED ? { kind: 'denied' } : { kind: 'failed' }),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 0 },
    );
  });
}

/** The fields of a profile form that pin the restaurant: its position and the browser's accuracy. */
export function setPinFields(form: FormData, pin: PinReading): void {
  form.set('latitude', String(pin.latitude));
  form.set('longitude', String(pin.longitude));
  form.set('accuracyM', String(pin.accuracy));
}

/**
 * The "I am at the restaurant now" button with its states: asking the phone, pinned at a time with an accuracy,
 * refused by the browser, too vague, or refused by the server (the text `onPin` returns). `pinned` is the pin in
 * force (the saved one, or the onboarding draft's).
 */
export function PinButton({
  pinned,
  onPin,
}: {
  pinned: { at: string; accuracy: number } | null;
  onPin: (reading: PinReading) => Promise<string | null>;
}) {
  const { t } = useTranslation('common');
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const ask = async () => {
    setProblem(null);
    setAsking(true);
    try {
      setProblem(await onPin(await readPin()));
    } catch (e) {
      const p = e as PinProblem;
      setProblem(
        p.kind === 'vague'
          ? t('pin.vague', { accuracy: p.accuracy, limit: PIN_ACCURACY_METERS })
          : t(p.kind === 'denied' ? 'pin.denied' : 'pin.failed'),
      );
    } finally {
      setAsking(false);
    }
  };
  return (
    <div className="location-pin">
      <p className="hint" role="status" data-testid="pin-status">
        {asking
          ? t('pin.asking')
          : pinned
            ? t('pin.pinnedAt', { time: formatDateTime(pinned.at), accuracy: Math.round(pinned.accuracy) })
            : t('pin.notPinned')}
      </p>
      <ActionButton
        className={pinned ? 'btn btn-small btn-secondary' : 'btn btn-small'}
        busy={asking}
        onClick={ask}
      >
        {asking ? t('pin.asking') : pinned ? t('pin.again') : t('pin.button')}
      </ActionButton>
      <Alert>{problem}</Alert>
    </div>
  );
}

/** The saved pin of a restaurant profile, as PinButton shows it. */
export const savedPin = (profile: Pick<RestaurantProfile, 'location_pin'> | null) =>
  profile?.location_pin
    ? { at: profile.location_pin.pinned_at, accuracy: profile.location_pin.accuracy_m }
    : null;

/**
 * Settings > Profile for a restaurant: its location pin, saved as soon as the phone gives it, with why it matters
 * (clock-in by location) and what removes it (a new address or ZIP code).
 */
export function LocationPinEditor() {
  const { t } = useTranslation('common');
  const dispatch = useAppDispatch();
  const { profile } = useAuth();
  const restaurant = profile as RestaurantProfile | null;
  const [save] = authApi.useSaveProfileMutation();
  const [success, setSuccess] = useState<string | null>(null);
  if (!restaurant) return null;
  const onPin = async (reading: PinReading) => {
    setSuccess(null);
    const form = new FormData();
    setPinFields(form, reading);
    const res = await save({ type: 'restaurant', form });
    if (res.error) return errorText(res.error, t('pin.saveFailed'));
    dispatch(authActions.profileSaved(res.data.profile));
    setSuccess(t('pin.saved'));
    return null;
  };
  return (
    <section className="location-pin-editor" aria-labelledby="location-pin-title">
      <h3 id="location-pin-title" className="h-reset">
        {t('pin.title')}
      </h3>
      <p className="hint">{t('pin.why', { limit: PIN_ACCURACY_METERS })}</p>
      <PinButton pinned={savedPin(restaurant)} onPin={onPin} />
      <Alert tone="success">{success}</Alert>
      <p className="hint">{t('pin.movedClears')}</p>
    </section>
  );
}

/** The dashboard's notice while a restaurant has no pin: chefs clock in with a code only, and why. */
export function PinMissingNotice() {
  const { t } = useTranslation('common');
  const { user, profile } = useAuth();
  if (user?.user_type !== 'restaurant' || !profile) return null;
  if ((profile as RestaurantProfile).location_pinned !== false) return null;
  return (
    <div className="banner" role="status" data-testid="pin-missing">
      <span>{t('pin.missing')}</span> <Link to="/settings">{t('pin.missingLink')}</Link>
    </div>
  );
}
