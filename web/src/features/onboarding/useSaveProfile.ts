import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api';
import { STORAGE_KEYS } from '../../shared/constants';
import { useAppDispatch, useAuth } from '../../shared/hooks';
import { authApi } from '../auth';
import { authActions } from '../../shared/session/authSlice';
import type { StepError } from './validation';

/** Complete Setup: save the profile (multipart), then go to the dashboard; a failure shows the returned error. */
export function useCompleteSetup(type: 'chef' | 'restaurant', onSaved?: () => void) {
  const { t } = useTranslation('onboarding');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [save, { isLoading }] = authApi.useSaveProfileMutation();
  const [error, setError] = useState<string | null>(null);
  const complete = async (form: FormData) => {
    setError(null);
    const res = await save({ type, form });
    if (res.error) {
      setError(errorText(res.error, t('saveFailed')));
      return;
    }
    onSaved?.();
    dispatch(authActions.profileSaved(res.data.profile));
    navigate(type === 'restaurant' ? '/dashboard/restaurant' : '/dashboard/chef', { replace: true });
  };
  return { complete, busy: isLoading, error, setError };
}

/**
 * The state both onboarding wizards share: the draft, the step, Next (blocked by the step's rule with the
 * spec's message), Previous, and Complete Setup (re-checks every step, jumps to the first failing one).
 * The step is the URL's (`<base>` is step 1, `<base>/2`, `<base>/3`), so the browser's Back and Forward move
 * between steps; the draft is kept in sessionStorage (images aside) across Back, Forward and reload until the
 * profile is saved.
 */
export function useOnboardingWizard<D>(options: {
  type: 'chef' | 'restaurant';
  empty: () => D;
  stepError: (step: number, draft: D) => StepError;
  toForm: (draft: D) => FormData;
  steps: readonly unknown[];
}) {
  const { t } = useTranslation('onboarding');
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const params = useParams();
  const storageKey = STORAGE_KEYS.onboardingDraft(user?.id ?? 'anonymous');
  const [draft, setDraft] = useState<D>(() => readDraft(storageKey, options.empty));
  useEffect(() => writeDraft(storageKey, draft), [storageKey, draft]);
  const total = options.steps.length;
  const path = location.pathname.replace(/\/+$/, '');
  const base = params.step === undefined ? path : path.slice(0, path.lastIndexOf('/'));
  const asked = params.step === undefined ? 1 : Number(params.step);
  const step = Number.isInteger(asked) && asked >= 1 && asked <= total ? asked : 1;
  const pathOf = (s: number) => (s === 1 ? base : `${base}/${s}`);
  const { complete, busy, error, setError } = useCompleteSetup(options.type, () =>
    sessionStorage.removeItem(storageKey),
  );
  // A step is reached only through the ones before it: a typed or stale URL goes to the first unfinished step.
  const firstFailing = [...Array(step - 1).keys()].map((i) => i + 1).find((s) => options.stepError(s, draft));
  const redirect = firstFailing ?? (step !== asked ? 1 : null);
  useEffect(() => {
    if (redirect !== null) navigate(pathOf(redirect), { replace: true });
  });
  const set = (patch: Partial<D>) => setDraft((d) => ({ ...d, ...patch }));
  const goTo = (s: number) => {
    setError(null);
    navigate(pathOf(s), { state: { wizardFrom: step } });
  };
  const next = () => {
    const problem = options.stepError(step, draft);
    if (problem) return setError(t(problem));
    goTo(step + 1);
  };
  const previous = () => {
    if (step === 1) return;
    setError(null);
    // Came here by Next from the step before: go back in history, so Back and Previous agree.
    if ((location.state as { wizardFrom?: number } | null)?.wizardFrom === step - 1) navigate(-1);
    else navigate(pathOf(step - 1), { replace: true });
  };
  const finish = () => {
    for (let s = 1; s <= total; s++) {
      const problem = options.stepError(s, draft);
      if (problem) {
        if (s !== step) navigate(pathOf(s));
        return setError(t(problem));
      }
    }
    void complete(options.toForm(draft));
  };
  return { draft, set, step: redirect ?? step, error, busy, next, previous, finish };
}

/** The stored draft over the empty one (files are never stored: an image is picked again after a reload). */
function readDraft<D>(key: string, empty: () => D): D {
  try {
    const stored = sessionStorage.getItem(key);
    return stored ? { ...empty(), ...(JSON.parse(stored) as Partial<D>) } : empty();
  } catch {
    return empty();
  }
}

function writeDraft<D>(key: string, draft: D) {
  const kept = Object.fromEntries(Object.entries(draft as object).filter(([, v]) => !(v instanceof Blob)));
  try {
    sessionStorage.setItem(key, JSON.stringify(kept));
  } catch {
    // storage full or disabled: the draft lives in memory only
  }
}
