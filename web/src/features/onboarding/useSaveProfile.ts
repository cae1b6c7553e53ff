import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { authApi } from '../auth/authApi';
import { authActions } from '../auth/authSlice';
import type { StepError } from './validation';

/** Complete Setup: save the profile (multipart), then go to the dashboard; a failure shows the returned error. */
export function useCompleteSetup(type: 'chef' | 'restaurant') {
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
    dispatch(authActions.profileSaved(res.data.profile));
    navigate(type === 'restaurant' ? '/dashboard/restaurant' : '/dashboard/chef');
  };
  return { complete, busy: isLoading, error, setError };
}

/**
 * The state both onboarding wizards share: the draft, the step, Next (blocked by the step's rule with the
 * spec's message), Previous, and Complete Setup (re-checks every step, jumps to the first failing one).
 */
export function useOnboardingWizard<D>(options: {
  type: 'chef' | 'restaurant';
  empty: () => D;
  stepError: (step: number, draft: D) => StepError;
  toForm: (draft: D) => FormData;
}) {
  const { t } = useTranslation('onboarding');
  const [draft, setDraft] = useState<D>(options.empty);
  const [step, setStep] = useState(1);
  const { complete, busy, error, setError } = useCompleteSetup(options.type);
  const set = (patch: Partial<D>) => setDraft((d) => ({ ...d, ...patch }));
  const next = () => {
    const problem = options.stepError(step, draft);
    if (problem) return setError(t(problem));
    setError(null);
    setStep((s) => s + 1);
  };
  const previous = () => {
    setError(null);
    setStep((s) => Math.max(1, s - 1));
  };
  const finish = () => {
    for (const s of [1, 2, 3]) {
      const problem = options.stepError(s, draft);
      if (problem) {
        setStep(s);
        return setError(t(problem));
      }
    }
    void complete(options.toForm(draft));
  };
  return { draft, set, step, error, busy, next, previous, finish };
}
