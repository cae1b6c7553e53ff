import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { errorText } from '../../shared/api';
import { zipIn } from '../../shared/contracts';
import { useAppDispatch, useAuth } from '../../shared/hooks';
import { Alert } from '../../shared/components/Alert';
import { authApi, type ChefProfile } from '../auth';
import { authActions } from '../../shared/session/authSlice';
import { homeProblem, setHomeFields, type HomeDraft, type Point } from './home';
import { TextField } from '../../shared/components/TextField';
import { ActionButton } from '../../shared/components/ActionButton';

export { homeProblem, setHomeFields, type HomeDraft } from './home';

// Issue 32: where a chef's distances are measured from. The chef types a home ZIP (or an address ending with one:
// only the ZIP's centre is used) or taps "Use my location" once (the browser's position, rounded here to 3
// decimals and kept by the server to 2). Texts in the common namespace: onboarding, settings and openings use it.

/** A position's coordinates are never sent finer than this (about 110 m); the server keeps 0.01 degree. */
const round3 = (v: number) => Math.round(v * 1000) / 1000;

/** Positions less precise than this are refused: a ZIP says more. */
const WORST_ACCURACY_M = 3000;

type LocateError = 'home.locationDenied' | 'home.locationFailed' | 'home.locationVague';

/** The browser's position, once (Geolocation API): latitude and longitude rounded, after its accuracy is checked. */
export function locate(): Promise<Point> {
  return new Promise((resolve, reject: (e: LocateError) => void) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) return reject('home.locationFailed');
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        coords.accuracy > WORST_ACCURACY_M
          ? reject('home.locationVague')
          : resolve({ lat: round3(coords.latitude), lon: round3(coords.longitude) }),
      (e) => reject(e.code === e.PERMISSION_DENIED ? 'home.locationDenied' : 'home.locationFailed'),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 600_000 },
    );
  });
}

/**
 * The home input and "Use my location", for a draft (onboarding). The hint says what is used (the ZIP only) and
 * who sees it (nobody).
 */
export function HomeFields({
  draft,
  city,
  onChange,
}: {
  draft: HomeDraft;
  city: string;
  onChange: (draft: HomeDraft) => void;
}) {
  const { t } = useTranslation('common');
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const typed = homeProblem(draft, city);
  const onLocate = async () => {
    setProblem(null);
    setLocating(true);
    try {
      onChange({ home: '', point: await locate() });
    } catch (e) {
      setProblem(t(e as LocateError));
    } finally {
      setLocating(false);
    }
  };
  return (
    <div className="home-place">
      <TextField
        label={t('home.label')}
        hint={t('home.hint')}
        error={typed && draft.home.trim().length >= 5 ? t(typed, { city }) : null}
        autoComplete="postal-code"
        value={draft.point ? '' : draft.home}
        placeholder={draft.point ? t('home.locationSet') : undefined}
        onChange={(v) => onChange({ home: v, point: null })}
      />
      <div className="home-actions">
        <ActionButton className="btn btn-small btn-secondary" busy={locating} onClick={onLocate}>
          {locating ? t('home.locating') : t('home.useLocation')}
        </ActionButton>
        {draft.point && (
          <span className="hint" role="status">
            {t('home.locationSet')}
          </span>
        )}
      </div>
      <Alert>{problem}</Alert>
    </div>
  );
}

/** "Distances from ZIP 55408" / "... from your location" / "... from the centre of Minneapolis". */
export function homeSummary(profile: Pick<ChefProfile, 'home' | 'city'>, t: TFunction<'common'>): string {
  const home = profile.home;
  if (!home) return t('home.fromCity', { city: profile.city });
  return home.zip ? t('home.fromZip', { zip: home.zip }) : t('home.fromLocation');
}

/**
 * The chef's home, saved at once (Settings > Profile, the openings page): the current one, a ZIP or address with
 * Save, "Use my location" (saved as soon as it is found), and Remove. `onSaved` runs after each save.
 */
export function HomeEditor({ onSaved, headingLevel = 2 }: { onSaved?: () => void; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('common');
  const dispatch = useAppDispatch();
  const { profile } = useAuth();
  const chef = profile as ChefProfile | null;
  const [home, setHome] = useState(chef?.home?.zip ?? '');
  const [save, { isLoading }] = authApi.useSaveProfileMutation();
  const [locating, setLocating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  if (!chef) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  const send = async (draft: HomeDraft | null) => {
    setError(null);
    setSuccess(null);
    const form = new FormData();
    if (draft) setHomeFields(form, draft);
    else form.set('home', '');
    const res = await save({ type: 'chef', form });
    if (res.error) return setError(errorText(res.error, t('home.failed')));
    const saved = res.data.profile as ChefProfile;
    dispatch(authActions.profileSaved(saved));
    setHome(saved.home?.zip ?? '');
    setSuccess(homeSummary(saved, t));
    onSaved?.();
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const draft = { home, point: null };
    const problem = home.trim() === '' || !zipIn(home) ? 'home.unknownZip' : homeProblem(draft, chef.city);
    if (problem) return setError(t(problem, { city: chef.city }));
    void send(draft);
  };
  const onLocate = async () => {
    setError(null);
    setSuccess(null);
    setLocating(true);
    try {
      const point = await locate();
      await send({ home: '', point });
    } catch (e) {
      setError(t(e as LocateError));
    } finally {
      setLocating(false);
    }
  };
  const busy = isLoading || locating;
  return (
    <section className="home-editor" aria-labelledby="home-editor-title">
      <Heading id="home-editor-title" className="h-reset home-title">
        {t('home.title')}
      </Heading>
      <p className="hint">{homeSummary(chef, t)}</p>
      <form className="home-form" onSubmit={onSubmit} noValidate>
        <TextField
          label={t('home.label')}
          hint={t('home.hint')}
          autoComplete="postal-code"
          value={home}
          onChange={setHome}
        />
        <div className="home-actions">
          <button type="submit" className="btn btn-small" disabled={busy}>
            {t('home.save')}
          </button>
          <ActionButton className="btn btn-small btn-secondary" busy={busy} onClick={onLocate}>
            {locating ? t('home.locating') : t('home.useLocation')}
          </ActionButton>
          {chef.home && (
            <ActionButton className="btn btn-small btn-secondary" busy={busy} onClick={() => send(null)}>
              {t('home.remove')}
            </ActionButton>
          )}
        </div>
      </form>
      <Alert>{error}</Alert>
      <Alert tone="success">{success}</Alert>
    </section>
  );
}
