import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorCode } from '../../shared/api';
import { formatDuration, HEADCOUNT_MAX, HEADCOUNT_MIN, LIMITS, POSITIONS } from '../../shared/contracts';
import { useAuth } from '../../shared/hooks';
import { Alert } from '../../shared/components/Alert';
import { Field } from '../../shared/components/Field';
import { NumberField } from '../../shared/components/NumberField';
import { RateField } from '../../shared/components/RateField';
import { failureText } from '../auth';
import { editsApi, NO_REPEAT, RepeatWeeklyFields, SeriesCost, type RepeatChoice } from '../edits';
import {
  paymentsApi,
  CardChoice,
  CardKeptNote,
  useCardChoice,
  useCardErrorText,
  usePayForJob,
} from '../payments';
import { favoritesApi } from '../favorites';
import { pageFor } from '../shell';
import { jobsApi, type JobPosting } from './jobsApi';
import { postingPay, shiftPay } from '../../shared/money/figures';
import { PayBreakdown } from '../../shared/money/PayBreakdown';
import { usePolicyText } from './policy';
import { ShiftTemplates } from './ShiftTemplates';
import { jobBodyOf, seriesBodyOf, type CheckedPostForm } from './postBodies';
import {
  MAX_BREAK_MINUTES,
  breakOf,
  checkPostForm,
  headcountOf,
  isPosition,
  toLocalInput,
  ROSTER_FIRST_CHOICES,
  type PostForm,
} from './validation';
import { TextField } from '../../shared/components/TextField';
import { CardDisputeNotice } from '../card-disputes';
import { RequiredCredentialsField } from '../credentials';

const initial: PostForm = {
  title: '',
  start: '',
  end: '',
  hourlyRate: '',
  emergencyLevel: 'normal',
  notifyFavorites: [],
  breakMinutes: '0',
  description: '',
  requiredSkills: [],
  requiredCredentials: [],
  headcount: '1',
  instantBook: false,
  rosterFirstMinutes: 0,
};

function PostShift() {
  const { t } = useTranslation('jobs');
  const { t: tc } = useTranslation('catalog');
  const { user } = useAuth();
  const navigate = useNavigate();
  const [form, setForm] = useState<PostForm>(initial);
  const [error, setError] = useState<ReactNode>(null);
  const [busy, setBusy] = useState<null | 'posting' | 'paying'>(null);
  // Once created, the job is kept: paying again never posts a second job.
  const [job, setJob] = useState<JobPosting | null>(null);
  const [postJob] = jobsApi.usePostJobMutation();
  // Issue 35: "Repeat weekly" posts a series instead (each shift charged to the saved card a week before it).
  const [repeat, setRepeat] = useState<RepeatChoice>(NO_REPEAT);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [createSeries] = editsApi.useCreateSeriesMutation();
  const savedCard = paymentsApi.useSavedCardQuery(undefined, { skip: !repeat.on });
  const hasCard = !repeat.on || !savedCard.data ? null : savedCard.data.card !== null;
  const fromDate = form.start.slice(0, 10);
  const roster = favoritesApi.useFavoritesQuery('recent');
  const payForJob = usePayForJob();
  const cardText = useCardErrorText();
  // A saved card pays in one tap ("Use another card" shows the card field).
  const card = useCardChoice();
  // The shortest shift (MIN_SHIFT_DURATION) as the server's refusal names it: no answer carries it before, so
  // the form learns it from JOBS.SHIFT_TOO_SHORT and then says it before sending (issue 35).
  const [minShiftMs, setMinShiftMs] = useState<number | null>(null);
  const { policy, language } = usePolicyText();
  const tooShort = (ms: number) => policy('shift_too_short', { minimum: formatDuration(ms, language) });
  const shortText =
    minShiftMs !== null &&
    form.start &&
    form.end &&
    new Date(form.end).getTime() - new Date(form.start).getTime() < minShiftMs
      ? tooShort(minShiftMs)
      : null;

  const breakMinutes = breakOf(form);
  // One chef's pay (the contracts' rule), then the whole posting's: every seat is charged up front (issue 35).
  const chefPay = useMemo(
    () => (breakMinutes === null ? null : shiftPay(form.start, form.end, form.hourlyRate, breakMinutes)),
    [form.start, form.end, form.hourlyRate, breakMinutes],
  );
  const headcount = headcountOf(form);
  const pay = postingPay(chefPay, headcount);
  const limits = useMemo(() => {
    const now = new Date();
    return {
      min: toLocalInput(now),
      max: toLocalInput(new Date(now.getTime() + LIMITS.postingWindowDays * 24 * 3_600_000)),
    };
  }, []);
  const set = <K extends keyof PostForm>(key: K, value: PostForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const locked = job !== null;

  /** The form with its position checked, or null once its first problem is said (the post rules, then the position). */
  const checkedForm = (): CheckedPostForm | null => {
    const problem = checkPostForm(form);
    if (problem || !isPosition(form.title)) {
      setError(
        t(problem ?? 'post.errors.position', { min: LIMITS.hourlyRateMin, max: LIMITS.hourlyRateMax }),
      );
      return null;
    }
    return { ...form, title: form.title };
  };

  const onSeries = async () => {
    const checked = checkedForm();
    if (!checked) return;
    if (repeat.weekdays.length === 0 || !repeat.until) {
      setError(t('series.errors.days'));
      return;
    }
    if (hasCard !== true) {
      setError(t('series.needCard'));
      return;
    }
    setBusy('posting');
    const res = await createSeries(seriesBodyOf(checked, repeat, templateId, fromDate));
    setBusy(null);
    if (res.data) navigate(`/series/${res.data.series.id}`, { state: { created: true } });
    else setError(failureText(res.error, t('series.errors.failed')));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (repeat.on && !job) {
      await onSeries();
      return;
    }
    const confirmer = card.confirmer;
    if (!confirmer) {
      setError(cardText({ code: 'not_loaded' }));
      return;
    }
    let posted = job;
    if (!posted) {
      const checked = checkedForm();
      if (!checked) return;
      if (shortText) {
        setError(shortText);
        return;
      }
      setBusy('posting');
      const res = await postJob(jobBodyOf(checked));
      if (!res.data) {
        setBusy(null);
        const min = (res.error as { data?: { min_shift_ms?: unknown } } | undefined)?.data?.min_shift_ms;
        if (errorCode(res.error) === 'JOBS.SHIFT_TOO_SHORT' && typeof min === 'number') {
          setMinShiftMs(min);
          setError(tooShort(min));
        } else setError(failureText(res.error, t('post.errors.failed')));
        return;
      }
      posted = res.data.job;
      setJob(posted);
    }
    setBusy('paying');
    const amount = posted.total_cents ?? pay?.totalCents ?? 0;
    const outcome = await payForJob({
      jobId: posted.id,
      amountCents: amount,
      confirmer,
      email: user?.email ?? '',
    });
    setBusy(null);
    if (outcome.ok) {
      navigate(`/jobs/${posted.id}`, { state: { posted: true } });
      return;
    }
    setError(outcome.reason === 'card' ? cardText(outcome.card) : outcome.text);
    // The bank wants the restaurant present (3-D Secure): pay by entering the card.
    if (outcome.reason === 'server' && outcome.code === 'PAYMENTS.AUTHENTICATION_REQUIRED')
      card.chooseAnotherCard();
  };

  const favorites = roster.data?.favorites ?? [];
  return (
    <section className="page narrow">
      <h1>{t('post.title')}</h1>
      {/* issue 38: a lost card dispute unpaid keeps the restaurant from posting: say so before the form */}
      <CardDisputeNotice />
      <p className="muted">{t('post.intro')}</p>
      <ShiftTemplates
        form={form}
        onFill={(filled, id) => {
          setForm(filled);
          setTemplateId(id ?? null);
        }}
        disabled={locked}
      />
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <fieldset disabled={locked} className="card">
          <legend className="visually-hidden">{t('post.shiftLegend')}</legend>
          <Field label={t('post.position')}>
            {(p) => (
              <select {...p} value={form.title} onChange={(e) => set('title', e.target.value)} required>
                <option value="">{t('post.positionPlaceholder')}</option>
                {POSITIONS.map((pos) => (
                  <option key={pos} value={pos}>
                    {tc(`positions.${pos}`, { defaultValue: pos })}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div className="field-row">
            <TextField
              label={t('post.start')}
              type="datetime-local"
              step={1}
              min={limits.min}
              max={limits.max}
              value={form.start}
              onChange={(v) => set('start', v)}
              required
            />
            <TextField
              label={t('post.end')}
              error={shortText}
              type="datetime-local"
              step={1}
              min={form.start || limits.min}
              max={limits.max}
              value={form.end}
              onChange={(v) => set('end', v)}
              required
            />
          </div>
          <RateField value={form.hourlyRate} onChange={(v) => set('hourlyRate', v)} required />
          <NumberField
            label={t('post.headcount')}
            hint={t('post.headcountHint', { min: HEADCOUNT_MIN, max: HEADCOUNT_MAX })}
            value={form.headcount}
            onChange={(v) => set('headcount', v)}
            min={HEADCOUNT_MIN}
            max={HEADCOUNT_MAX}
          />
          <NumberField
            label={t('post.break')}
            hint={t('post.breakHint')}
            value={form.breakMinutes}
            onChange={(v) => set('breakMinutes', v)}
            min={0}
            max={MAX_BREAK_MINUTES}
          />
          <Field label={t('post.description')} hint={t('post.descriptionHint')}>
            {(p) => (
              <textarea
                {...p}
                rows={3}
                maxLength={2000}
                value={form.description ?? ''}
                onChange={(e) => set('description', e.target.value)}
              />
            )}
          </Field>
          {(form.requiredSkills ?? []).length > 0 && (
            <p className="hint" data-testid="post-skills">
              {t('post.skills', {
                skills: (form.requiredSkills ?? [])
                  .map((s) => tc(`skills.${s}`, { defaultValue: s }))
                  .join(', '),
              })}
            </p>
          )}
          <fieldset className="radio-row">
            <legend>{t('post.priority')}</legend>
            {(['normal', 'urgent'] as const).map((level) => (
              <label
                key={level}
                className={form.emergencyLevel === level ? 'role-option role-on' : 'role-option'}
              >
                <input
                  type="radio"
                  name="priority"
                  value={level}
                  checked={form.emergencyLevel === level}
                  onChange={() => set('emergencyLevel', level)}
                />
                {tc(`priority.${level}`)}
              </label>
            ))}
          </fieldset>
          <label className="check-row">
            <input
              type="checkbox"
              checked={form.instantBook === true}
              onChange={(e) => set('instantBook', e.target.checked)}
            />
            {t('post.instantBook')}
          </label>
          <p className="hint">{t('post.instantBookHint')}</p>
          {/* issue 39: credentials a chef must have verified to take it */}
          <RequiredCredentialsField
            value={form.requiredCredentials ?? []}
            onChange={(v) => set('requiredCredentials', v)}
            disabled={locked}
          />
          {/* only with a roster: a window with no favorites would show the shift to nobody */}
          {favorites.length > 0 && (
            <Field label={t('post.rosterFirst')} hint={t('post.rosterFirstHint')}>
              {(p) => (
                <select
                  {...p}
                  value={String(form.rosterFirstMinutes ?? 0)}
                  onChange={(e) => set('rosterFirstMinutes', Number(e.target.value))}
                >
                  {ROSTER_FIRST_CHOICES.map((m) => (
                    <option key={m} value={m}>
                      {m === 0
                        ? t('post.rosterFirstNone')
                        : m < 60
                          ? t('post.rosterFirstMinutes', { count: m })
                          : t('post.rosterFirstHours', { count: m / 60 })}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
          {favorites.length > 0 && (
            <fieldset>
              <legend>{t('post.notify')}</legend>
              <p className="hint">{t('post.notifyHint')}</p>
              {favorites.map((f) => (
                <label key={f.id} className="check-row">
                  <input
                    type="checkbox"
                    checked={form.notifyFavorites.includes(f.chef_profile_id)}
                    onChange={(e) =>
                      set(
                        'notifyFavorites',
                        e.target.checked
                          ? [...form.notifyFavorites, f.chef_profile_id]
                          : form.notifyFavorites.filter((id) => id !== f.chef_profile_id),
                      )
                    }
                  />
                  {f.chef_profiles?.name ?? t('post.unnamedChef')}
                </label>
              ))}
            </fieldset>
          )}
        </fieldset>

        <RepeatWeeklyFields value={repeat} onChange={setRepeat} from={fromDate} disabled={locked} />

        <PayBreakdown pay={pay} headcount={headcount} />

        {repeat.on && !locked ? (
          <SeriesCost
            value={repeat}
            from={fromDate}
            postingTotalCents={pay?.totalCents ?? null}
            hasCard={hasCard}
          />
        ) : (
          <div className="card">
            <CardChoice {...card.props} />
          </div>
        )}
        <CardKeptNote />

        <Alert>{error}</Alert>
        {job && job.status !== 'open' && error && (
          <Alert tone="info">
            {t('post.savedUnpaid')} <Link to={`/payments/${job.id}`}>{t('post.payLater')}</Link>
          </Alert>
        )}
        <div className="actions-row">
          <button
            type="submit"
            className="btn btn-large"
            disabled={
              repeat.on && !locked
                ? hasCard !== true || busy !== null
                : card.loading || !card.confirmer || busy !== null
            }
          >
            {repeat.on && !locked
              ? busy === 'posting'
                ? t('series.starting')
                : t('series.submit')
              : busy === 'posting'
                ? t('post.posting')
                : busy === 'paying'
                  ? t('post.paying')
                  : job
                    ? t('post.payAgain')
                    : t('post.submit')}
          </button>
          <Link to="/dashboard/restaurant" className="btn btn-secondary btn-large">
            {t('post.cancel')}
          </Link>
        </div>
      </form>
    </section>
  );
}

const PostShiftPage = pageFor('restaurant', PostShift);
export default PostShiftPage;
