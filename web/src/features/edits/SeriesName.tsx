import { useTranslation } from 'react-i18next';
import type { Series } from './editsApi';
import { seriesParts } from './seriesGroups';

/** "Every Fri until Feb 26" in the reader's language. */
export function useSeriesName() {
  const { t, i18n } = useTranslation('jobs');
  return (series: Pick<Series, 'weekdays' | 'until'>) =>
    t('series.every', seriesParts(series.weekdays, series.until, i18n.language === 'es' ? 'es' : 'en'));
}
