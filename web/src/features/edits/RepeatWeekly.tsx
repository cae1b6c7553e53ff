import { Link } from 'react-router-dom';
import { paymentSetupPath } from '../../shared/constants';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../shared/format';
import { Alert } from '../../shared/components/Alert';
import { WEEKDAYS, type Weekday } from './editsApi';
import { seriesParts } from './seriesGroups';
import { lastSeriesDate, seriesTotal } from './seriesPolicy';
import { Fact } from '../../shared/components/Facts';
import { TextField } from '../../shared/components/TextField';

export interface RepeatChoice {
  on: boolean;
  weekdays: Weekday[];
  until: string;
}
export const NO_REPEAT: RepeatChoice = { on: false, weekdays: [], until: '' };

/** Post Shift's "Repeat weekly": the weekdays and the last date (at most SERIES_MAX_WEEKS ahead). */
export function RepeatWeeklyFields({
  value,
  onChange,
  from,
  disabled,
}: {
  value: RepeatChoice;
  onChange: (value: RepeatChoice) => void;
  /** the first date of the series (the form's start date), or '' */
  from: string;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation('jobs');
  const language = i18n.language === 'es' ? 'es' : 'en';
  const max = lastSeriesDate();
  return (
    <fieldset className="card repeat-weekly" disabled={disabled}>
      <legend className="visually-hidden">{t('series.repeatLegend')}</legend>
      <label className="check-row">
        <input
          type="checkbox"
          checked={value.on}
          onChange={(e) => onChange({ ...value, on: e.target.checked })}
        />
        {t('series.repeat')}
      </label>
      {value.on && (
        <>
          <fieldset className="weekday-row">
            <legend>{t('series.weekdays')}</legend>
            {WEEKDAYS.map((day) => (
              <label key={day} className="check-row">
                <input
                  type="checkbox"
                  checked={value.weekdays.includes(day)}
                  onChange={(e) =>
                    onChange({
                      ...value,
                      weekdays: e.target.checked
                        ? WEEKDAYS.filter((d) => d === day || value.weekdays.includes(d))
                        : value.weekdays.filter((d) => d !== day),
                    })
                  }
                />
                {t(`series.day.${day}`)}
              </label>
            ))}
          </fieldset>
          <TextField
            label={t('series.until')}
            hint={t('series.untilHint', { last: seriesParts([], max, language).until })}
            type="date"
            min={from || undefined}
            max={max}
            value={value.until}
            onChange={(v) => onChange({ ...value, until: v })}
          />
        </>
      )}
    </fieldset>
  );
}

/**
 * The series' cost before paying: the shifts it makes × one posting's total, each charged to the card on file
 * a week before it starts; a saved card is needed (none: where to save one).
 */
export function SeriesCost({
  value,
  from,
  postingTotalCents,
  hasCard,
}: {
  value: RepeatChoice;
  from: string;
  postingTotalCents: number | null;
  hasCard: boolean | null;
}) {
  const { t } = useTranslation('jobs');
  const { count, totalCents } = seriesTotal(value.weekdays, from, value.until, postingTotalCents ?? 0);
  return (
    <div className="card" aria-live="polite" data-testid="series-cost">
      <h2>{t('series.costTitle')}</h2>
      {postingTotalCents === null || count === 0 ? (
        <p className="hint">{t('series.costHint')}</p>
      ) : (
        <dl className="facts">
          <Fact label={t('series.shifts')} testId="series-count">
            {count}
          </Fact>
          <Fact label={t('series.each')}>{formatCents(postingTotalCents)}</Fact>
          <Fact label={t('series.total')} className="total-row" testId="series-total">
            {formatCents(totalCents)}
          </Fact>
        </dl>
      )}
      <p className="hint">{t('series.chargedEach')}</p>
      {hasCard === false && (
        <Alert tone="warning">
          {t('series.needCard')} <Link to={paymentSetupPath}>{t('series.toSettings')}</Link>
        </Alert>
      )}
    </div>
  );
}
