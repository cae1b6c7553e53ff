import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../shared/components/Field';
import { hasFilters, SHIFT_TIMES, type OpeningsFilters } from './openingsFilters';
import { TextField } from '../../shared/components/TextField';
import { AmountField } from '../../shared/components/AmountField';

/** Near me (the chef's travel radius, the server's default) or every open shift of the service area. */
export type Area = 'me' | 'all';

export type SetFilter = <K extends keyof OpeningsFilters>(key: K, value: OpeningsFilters[K]) => void;

/**
 * The filters (spec: priority, hourly rate, flat rate, date needed, shift time; Clear Filters) and the travel-radius
 * switch, in a panel the Filters button opens: a non-modal dialog that takes the focus when it opens and gives it back to the button
 * when it closes (Done, Escape).
 */
export function FiltersPanel({
  id,
  filters,
  set,
  clear,
  close,
  areaSwitch,
}: {
  id: string;
  filters: OpeningsFilters;
  set: SetFilter;
  clear: () => void;
  close: () => void;
  /** Near me (the travel radius) or every city: kept in the panel, its choice said above the list. */
  areaSwitch: ReactNode;
}) {
  const { t } = useTranslation('jobs');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div
      id={id}
      role="dialog"
      aria-modal="false"
      aria-labelledby={`${id}-title`}
      className="card filters filters-panel"
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        close();
      }}
    >
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1} className="h-reset filters-title">
        {t('openings.filtersTitle')}
      </h2>
      {areaSwitch}
      <form
        aria-label={t('openings.filters')}
        onSubmit={(e) => {
          e.preventDefault();
          close();
        }}
      >
        <div className="filter-grid">
          <Field label={t('openings.priority')}>
            {(p) => (
              <select
                {...p}
                value={filters.priority}
                onChange={(e) => set('priority', e.target.value as OpeningsFilters['priority'])}
              >
                <option value="">{t('openings.any')}</option>
                <option value="normal">{t('openings.priorityNormal')}</option>
                <option value="urgent">{t('openings.priorityUrgent')}</option>
              </select>
            )}
          </Field>
          <AmountField
            label={t('openings.minHourly')}
            step="1"
            value={filters.minHourly}
            onChange={(v) => set('minHourly', v)}
          />
          <AmountField
            label={t('openings.minFlat')}
            step="1"
            value={filters.minFlat}
            onChange={(v) => set('minFlat', v)}
          />
          <TextField
            label={t('openings.date')}
            type="date"
            value={filters.date}
            onChange={(v) => set('date', v)}
          />
          <Field label={t('openings.shiftTime')}>
            {(p) => (
              <select
                {...p}
                value={filters.shiftTime}
                onChange={(e) => set('shiftTime', e.target.value as OpeningsFilters['shiftTime'])}
              >
                <option value="">{t('openings.any')}</option>
                {SHIFT_TIMES.map((s) => (
                  <option key={s} value={s}>
                    {t(`openings.times.${s}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <div className="filters-actions">
          <button type="button" className="btn btn-secondary" disabled={!hasFilters(filters)} onClick={clear}>
            {t('openings.clear')}
          </button>
          <button type="submit" className="btn">
            {t('openings.filtersDone')}
          </button>
        </div>
      </form>
    </div>
  );
}
