import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { authApi } from '../auth/authApi';
import { authActions } from '../auth/authSlice';

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
