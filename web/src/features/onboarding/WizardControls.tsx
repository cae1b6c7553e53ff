import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { WEEKDAYS, type Weekday } from '../../shared/contracts';
import { Alert } from '../../shared/components/Alert';
import { imageError } from './validation';

/** Three steps with Previous / Next and, on the last, Complete Setup. */
export function Wizard({
  title,
  step,
  stepTitles,
  error,
  busy,
  onPrevious,
  onNext,
  onComplete,
  children,
}: {
  title: string;
  step: number;
  stepTitles: string[];
  error: string | null;
  busy: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onComplete: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('onboarding');
  const last = step === stepTitles.length;
  return (
    <section className="page narrow">
      <h1>{title}</h1>
      <ol className="wizard-steps" aria-label={t('progress', { step, total: stepTitles.length })}>
        {stepTitles.map((s, i) => (
          <li
            key={s}
            className={i + 1 === step ? 'current' : i + 1 < step ? 'done' : ''}
            aria-current={i + 1 === step ? 'step' : undefined}
          >
            <span className="step-dot" aria-hidden="true">
              {i + 1}
            </span>
            <span className="step-label">{s}</span>
          </li>
        ))}
      </ol>
      <form
        className="card"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (last) onComplete();
          else onNext();
        }}
      >
        <h2>{stepTitles[step - 1]}</h2>
        <Alert>{error}</Alert>
        {children}
        <div className="wizard-actions">
          <button
            type="button"
            className="btn btn-secondary"
            onClick={onPrevious}
            disabled={step === 1 || busy}
          >
            {t('previous')}
          </button>
          <button type="submit" className="btn" disabled={busy}>
            {last ? (busy ? t('saving') : t('complete')) : t('next')}
          </button>
        </div>
      </form>
    </section>
  );
}

/** Image-only file input under 5 MB with a preview. */
export function ImagePicker({
  label,
  kind,
  file,
  onChange,
}: {
  label: string;
  kind: 'logo' | 'profileImage';
  file: File | null;
  onChange: (file: File | null) => void;
}) {
  const { t } = useTranslation('onboarding');
  const [error, setError] = useState<string | null>(null);
  // The object URL is made and revoked by the effect; a preview shows only for the file it was made from.
  const [made, setMade] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') return;
    const url = URL.createObjectURL(file);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the URL is an outside resource, made and revoked here
    setMade({ file, url });
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const preview = made && made.file === file ? made.url : null;
  const id = `${kind}-input`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept="image/*"
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          const chosen = e.target.files?.[0] ?? null;
          if (!chosen) return;
          const problem = imageError(chosen, kind);
          setError(problem ? t(problem) : null);
          if (problem) {
            e.target.value = '';
            return;
          }
          onChange(chosen);
        }}
      />
      {error && (
        <div id={`${id}-error`} className="field-error" role="alert">
          {error}
        </div>
      )}
      {preview && <img className="image-preview" src={preview} alt={t('preview')} />}
    </div>
  );
}

type DayRow = { on: boolean; from: string; to: string };

/**
 * Operating hours or availability: one row per weekday with an on/off box and, for a day that is on, its two
 * times. A day that is off says so (`offLabel`) instead of showing times that do not apply. On a phone the
 * times go under the day, each as wide as its format needs (08:00 a. m. is never cut).
 */
export function WeekSchedule({
  legend,
  hint,
  onLabel,
  offLabel,
  fromLabel,
  toLabel,
  rows,
  onChange,
}: {
  legend: string;
  hint?: string;
  onLabel: string;
  offLabel: string;
  fromLabel: string;
  toLabel: string;
  rows: Record<Weekday, DayRow>;
  onChange: (day: Weekday, row: DayRow) => void;
}) {
  const { t } = useTranslation('catalog');
  return (
    <fieldset className="week" aria-describedby={hint ? 'week-hint' : undefined}>
      <legend>{legend}</legend>
      {hint && (
        <p id="week-hint" className="hint">
          {hint}
        </p>
      )}
      {WEEKDAYS.map((day) => {
        const row = rows[day];
        const dayName = t(`weekdays.${day}`);
        return (
          <div className="week-row" key={day}>
            <label className="week-day">
              <input
                type="checkbox"
                checked={row.on}
                onChange={(e) => onChange(day, { ...row, on: e.target.checked })}
              />
              <span>
                {dayName} <span className="visually-hidden">{onLabel}</span>
              </span>
            </label>
            {row.on ? (
              <span className="week-times">
                <TimeInput
                  id={`${day}-from`}
                  label={`${dayName} ${fromLabel}`}
                  value={row.from}
                  onChange={(from) => onChange(day, { ...row, from })}
                />
                <span aria-hidden="true">–</span>
                <TimeInput
                  id={`${day}-to`}
                  label={`${dayName} ${toLabel}`}
                  value={row.to}
                  onChange={(to) => onChange(day, { ...row, to })}
                />
              </span>
            ) : (
              <span className="week-off">{offLabel}</span>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}

/** A time of a weekday row, named for screen readers only ("Monday From"): the row shows the day once. */
function TimeInput({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <>
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <input id={id} type="time" value={value} onChange={(e) => onChange(e.target.value)} />
    </>
  );
}
