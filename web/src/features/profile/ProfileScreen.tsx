import type { ReactNode } from 'react';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { useTranslation } from 'react-i18next';
import { MissingScreen } from '../../shared/components/NotFoundScreen';
import { Spinner } from '../../shared/components/Spinner';

/**
 * A public profile page (a chef's, a restaurant's): the spinner while it loads, Chef/Restaurant Not Found when
 * the id matches none (404) or is no id (400), else the page with its profile.
 */
export function ProfileScreen<P>({
  kind,
  result,
  children,
}: {
  kind: 'chef' | 'restaurant';
  result: {
    data?: { profile?: P | null };
    error?: FetchBaseQueryError | SerializedError;
    isLoading: boolean;
  };
  children: (profile: P) => ReactNode;
}) {
  const { t } = useTranslation('profile');
  const { data, error, isLoading } = result;
  if (isLoading) return <Spinner />;
  if (error || !data?.profile)
    return (
      <MissingScreen
        error={error}
        failed={t('loadFailed')}
        title={t(`${kind}NotFound`)}
        text={t(`${kind}NotFoundText`)}
        missing={[404, 400]}
      />
    );
  return <section className="page narrow">{children(data.profile)}</section>;
}
