import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api';
import { HEADCOUNT_MAX, HEADCOUNT_MIN, SKILLS } from '../../shared/contracts';
import { formatCents } from '../../shared/format';
import { Alert } from '../../shared/components/Alert';
import { Field } from '../../shared/components/Field';
import { NumberField } from '../../shared/components/NumberField';
import { Spinner } from '../../shared/components/Spinner';
import { type JobPosting, MAX_BREAK_MINUTES } from '../jobs';
import { RateField } from '../../shared/components/RateField';
import { editFormOf, editOf, quoteArgsOf, type EditForm } from './editForm';
import { editsApi, type EditQuote, type EditQuoteArgs } from './editsApi';
import { Fact } from '../../shared/components/Facts';
import { TextField } from '../../shared/components/TextField';
import { QUOTE_DEBOUNCE_MS, useSettled } from '../../shared/useSettled';

/** Whether the owner may edit the shift now: open or booked, not being charged, before the late window. */
export function canEditShift(job: JobPosting, now = Date.now()): boolean {
  if (job.status !== 'open' && job.status !== 'filled') return false;
  if (job.pending_edit?.status === 'charging') return false;
  return now < new Date(job.late_cancel_from).getTime();
}

/** The quote in figures and words: old and new totals, what is charged or refunded, who must answer. */
export function EditQuoteFigures({ quote }: { quote: EditQuote }) {
  const { t } = useTranslation('jobs');
  const movement =
    quote.charge_cents > 0
      ? t('edit.charge', { amount: formatCents(quote.charge_cents) })
      : quote.refund_cents > 0
        ? t('edit.refund', { amount: formatCents(quote.refund_cents) })
        : t('edit.sameTotal');
  // The server's words add what the figures do not say (the card, a reason); the same sentence is said once.
  const reason = quote.reason_text.trim();
  const sameWords = (a: string, b: string) =>
    a.replace(/[.\s]+$/, '').toLowerCase() === b.replace(/[.\s]+$/, '').toLowerCase();
  return (
    <div data-testid="edit-quote">
      <dl className="facts">
        <Fact label={t('edit.oldTotal')} testId="edit-old-total">
          {formatCents(quote.old_total_cents)}
        </Fact>
        <Fact label={t('edit.newTotal')} className="total-row" testId="edit-new-total">
          {formatCents(quote.new_total_cents)}
        </Fact>
      </dl>
      <p data-testid="edit-movement">
        <strong>{movement}</strong>
      </p>
      {reason && !sameWords(reason, movement) && <p data-testid="edit-reason-text">{reason}</p>}
      {quote.chefs_to_answer > 0 && (
        <Alert tone="info">{t('edit.chefsToAnswer', { count: quote.chefs_to_answer })}</Alert>
      )}
    </div>
  );
}

/**
 * Edit Shift, quote first: the form prefilled from the job; as the money fields change (debounced)
 * `GET /jobs/{id}/edit-quote` says what saving would move; a refused quote (its code's text) keeps Save off.
 * Save is `PATCH /jobs/{id}`: 200 closes with a note, 202 says the rise is being charged.
 */
export function EditShiftPanel({
  job,
  onClose,
  onSaved,
}: {
  job: JobPosting;
  onClose: () => void;
  onSaved: (note: string | null) => void;
}) {
  const { t } = useTranslation('jobs');
  const { t: tc } = useTranslation('catalog');
  const [form, setForm] = useState<EditForm>(() => editFormOf(job));
  const [error, setError] = useState<string | null>(null);
  const [save, saving] = editsApi.useEditJobMutation();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const edit = editOf(job, form);
  const typedArgs = quoteArgsOf(job.id, edit);
  const args = useSettled<EditQuoteArgs | null>(typedArgs, QUOTE_DEBOUNCE_MS);
  const settled = JSON.stringify(args) === JSON.stringify(typedArgs);
  const quote = editsApi.useEditQuoteQuery(args ?? { id: job.id }, { skip: !args });
  const set = <K extends keyof EditForm>(key: K, value: EditForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const changed = !!edit && Object.keys(edit).length > 0;
  const quoteReady = !typedArgs || (settled && !!quote.data && !quote.isFetching && !quote.isError);
  const canSave = changed && quoteReady && !saving.isLoading;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!edit || !canSave) return;
    setError(null);
    const res = await save({ id: job.id, body: edit });
    if (!res.data) {
      setError(errorText(res.error, t('edit.failed')));
      return;
    }
    const { quote: applied, charging } = res.data;
    // a rise being charged is the job's own `pending_edit` (PendingEditNotice follows it to its end)
    if (charging && res.data.job.pending_edit) {
      onSaved(null);
      return;
    }
    onSaved(
      charging
        ? t('edit.charging', { amount: formatCents(applied.charge_cents) })
        : applied.refund_cents > 0
          ? t('edit.savedRefund', { amount: formatCents(applied.refund_cents) })
          : t('edit.saved'),
    );
  };

  let money;
  if (!edit) money = <p className="hint">{t('edit.fixFields')}</p>;
  else if (!typedArgs) money = <p className="hint">{t('edit.noMoney')}</p>;
  else if (quote.isError && settled) money = <Alert>{errorText(quote.error, t('edit.quoteFailed'))}</Alert>;
  else if (!quote.data || !settled || quote.isFetching) money = <Spinner />;
  else money = <EditQuoteFigures quote={quote.data} />;

  return (
    <section className="card edit-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="h-reset" tabIndex={-1} ref={heading}>
        {t('edit.title')}
      </h2>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className="field-row">
          <TextField
            label={t('post.start')}
            type="datetime-local"
            step={1}
            value={form.start}
            onChange={(v) => set('start', v)}
          />
          <TextField
            label={t('post.end')}
            type="datetime-local"
            step={1}
            min={form.start}
            value={form.end}
            onChange={(v) => set('end', v)}
          />
        </div>
        <RateField value={form.hourlyRate} onChange={(v) => set('hourlyRate', v)} />
        <NumberField
          label={t('post.break')}
          value={form.breakMinutes}
          onChange={(v) => set('breakMinutes', v)}
          min={0}
          max={MAX_BREAK_MINUTES}
        />
        <NumberField
          label={t('edit.headcount')}
          hint={t('edit.headcountHint', { count: job.seats?.booked ?? 0, max: HEADCOUNT_MAX })}
          value={form.headcount}
          onChange={(v) => set('headcount', v)}
          min={Math.max(HEADCOUNT_MIN, job.seats?.booked ?? 0)}
          max={HEADCOUNT_MAX}
        />
        <Field label={t('post.description')}>
          {(p) => (
            <textarea
              {...p}
              rows={3}
              maxLength={2000}
              value={form.description}
              onChange={(e) => set('description', e.target.value)}
            />
          )}
        </Field>
        <details className="edit-skills">
          <summary>
            {t('edit.skills')}
            {form.requiredSkills.length > 0 && (
              <span className="hint">
                {' '}
                · {form.requiredSkills.map((s) => tc(`skills.${s}`, { defaultValue: s })).join(', ')}
              </span>
            )}
          </summary>
          <fieldset>
            <legend className="visually-hidden">{t('edit.skills')}</legend>
            {SKILLS.map((skill) => (
              <label key={skill} className="check-row">
                <input
                  type="checkbox"
                  checked={form.requiredSkills.includes(skill)}
                  onChange={(e) =>
                    set(
                      'requiredSkills',
                      e.target.checked
                        ? [...form.requiredSkills, skill]
                        : form.requiredSkills.filter((s) => s !== skill),
                    )
                  }
                />
                {tc(`skills.${skill}`, { defaultValue: skill })}
              </label>
            ))}
          </fieldset>
        </details>
        <div className="card-inset" aria-live="polite">
          <h3 className="h-reset">{t('edit.costTitle')}</h3>
          {money}
        </div>
        <Alert>{error}</Alert>
        <div className="actions-row">
          <button type="submit" className="btn" disabled={!canSave}>
            {saving.isLoading ? t('edit.saving') : t('edit.save')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('edit.close')}
          </button>
        </div>
      </form>
    </section>
  );
}

/** Edit Shift on the job page: the button while the owner may edit, then the panel in its place. */
export function EditShift({ job, now }: { job: JobPosting; now: number }) {
  const { t } = useTranslation('jobs');
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  return (
    <>
      {note && (
        <Alert tone="success">
          <span data-testid="edit-note">{note}</span>
        </Alert>
      )}
      {open ? (
        <EditShiftPanel
          job={job}
          onClose={() => setOpen(false)}
          onSaved={(text) => {
            setNote(text);
            setOpen(false);
          }}
        />
      ) : (
        canEditShift(job, now) && (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              setNote(null);
              setOpen(true);
            }}
          >
            {t('edit.button')}
          </button>
        )
      )}
    </>
  );
}
