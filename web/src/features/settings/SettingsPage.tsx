import {
  LIVE_CHANNELS,
  NOTIFICATION_TYPES,
  type DeliveryChannel,
  type NotificationType,
} from '@brigade/contracts';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api';
import { paymentSetupPath } from '../../shared/constants';
import { CUISINES, LIMITS, SETTINGS_SKILLS, TRAVEL_RADIUS_OPTIONS } from '../../shared/contracts';
import { useAppDispatch, useAuth } from '../../shared/hooks';
import { currentLanguage, type AppLanguage } from '../../shared/i18n';
import { Alert } from '../../shared/components/Alert';
import { Field } from '../../shared/components/Field';
import { Spinner } from '../../shared/components/Spinner';
import { ToggleGroup } from '../../shared/components/ToggleGroup';
import { LanguagesField, HomeEditor, LocationPinEditor } from '../profile';
import {
  authApi,
  type ChefProfile,
  type RestaurantProfile,
  chooseLanguage,
  EmailStatus,
  VerifyPhoneCard,
} from '../auth';
import { authActions } from '../../shared/session/authSlice';
import { CalendarFeedSection } from '../calendar';
import { BlockedList } from '../blocks';
import { paymentsApi } from '../payments';
import { PushControl } from '../inbox';
import { DEFAULT_NOTIFICATION_PREFERENCES, settingsApi, type NotificationPreferences } from './settingsApi';
import { settingsProfileError } from './validation';
import { formatDate } from '../../shared/format';
import { formatPhone } from '../../shared/phone';
import { Fact } from '../../shared/components/Facts';

type Tab = 'profile' | 'preferences' | 'notifications' | 'payments' | 'blocked';

export default function SettingsPage() {
  const { t } = useTranslation('settings');
  const { user } = useAuth();
  const [tab, setTab] = useState<Tab>('profile');
  if (!user) return null;
  const tabs: Tab[] =
    user.user_type === 'chef'
      ? ['profile', 'preferences', 'notifications', 'payments', 'blocked']
      : ['profile', 'preferences', 'notifications', 'blocked'];
  const onKey = (e: KeyboardEvent) => {
    const i = tabs.indexOf(tab);
    if (e.key === 'ArrowRight') setTab(tabs[(i + 1) % tabs.length]);
    if (e.key === 'ArrowLeft') setTab(tabs[(i - 1 + tabs.length) % tabs.length]);
  };
  return (
    <section className="page narrow">
      <h1>{t('title')}</h1>
      <VerifyPhoneCard />
      <div className="tabs" role="tablist" aria-label={t('title')} onKeyDown={onKey}>
        {tabs.map((name) => (
          <button
            key={name}
            id={`tab-${name}`}
            type="button"
            role="tab"
            aria-selected={tab === name}
            aria-controls={`panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            className={tab === name ? 'tab tab-on' : 'tab'}
            onClick={() => setTab(name)}
          >
            {t(`tabs.${name}`)}
          </button>
        ))}
      </div>
      <div className="card" role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'profile' && <ProfileTab />}
        {/* Issue 32: a chef's home for distances, saved on its own (a ZIP, or their location once). */}
        {tab === 'profile' && user.user_type === 'chef' && <ChefHome />}
        {/* Issue 34: the restaurant pins its location ("I am at the restaurant now") for clock-in by location. */}
        {tab === 'profile' && user.user_type === 'restaurant' && <RestaurantPin />}
        {tab === 'preferences' && <PreferencesTab />}
        {tab === 'notifications' && <NotificationsTab />}
        {tab === 'payments' && <PaymentsTab />}
        {/* Issue 37: one's own blocks, each with Unblock. */}
        {tab === 'blocked' && <BlockedList side={user.user_type === 'chef' ? 'chef' : 'restaurant'} />}
      </div>
    </section>
  );
}

function ChefHome() {
  const { profile } = useAuth();
  if (!profile) return null;
  return (
    <div className="settings-home">
      <HomeEditor headingLevel={3} />
    </div>
  );
}

function RestaurantPin() {
  const { profile } = useAuth();
  if (!profile) return null;
  return (
    <div className="settings-pin">
      <LocationPinEditor />
    </div>
  );
}

function ProfileTab() {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation('catalog');
  const dispatch = useAppDispatch();
  const { user, profile } = useAuth();
  const isChef = user?.user_type === 'chef';
  const chef = isChef ? (profile as ChefProfile | null) : null;
  const restaurant = !isChef ? (profile as RestaurantProfile | null) : null;
  const [name, setName] = useState(profile?.name ?? '');
  const [bio, setBio] = useState(chef?.bio ?? '');
  const [travelRadius, setTravelRadius] = useState<number>(chef?.travel_radius ?? 15);
  const [skills, setSkills] = useState<string[]>(chef?.skills ?? []);
  const [languages, setLanguages] = useState<string[]>(() =>
    chef?.languages?.length ? chef.languages : [user?.language_preference ?? 'en'],
  );
  const [cuisines, setCuisines] = useState<string[]>(restaurant?.cuisine_types ?? []);
  // Settings lists 23 skills; the two onboarding-only ones (Banquet Service, Clean-up Crew) are shown too when
  // the profile has them, so the chef can see and remove every skill they have.
  const [skillOptions] = useState<string[]>(() => [
    ...SETTINGS_SKILLS,
    ...(chef?.skills ?? []).filter((s) => !(SETTINGS_SKILLS as readonly string[]).includes(s)),
  ]);
  const [save, { isLoading }] = authApi.useSaveProfileMutation();
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setSuccess(null);
    const problem = settingsProfileError(isChef ? 'chef' : 'restaurant', name, bio);
    if (problem)
      return setError(problem.includes('.') ? t(`errors:codes.${problem}`) : t(`profile.${problem}`));
    const form = new FormData();
    form.set('name', name.trim());
    if (isChef) {
      form.set('bio', bio.trim());
      form.set('travelRadius', String(travelRadius));
      form.set('skills', JSON.stringify(skills));
      form.set('languages', JSON.stringify(languages));
    } else {
      form.set('cuisineTypes', JSON.stringify(cuisines));
    }
    const res = await save({ type: isChef ? 'chef' : 'restaurant', form });
    if (res.error) return setError(errorText(res.error, t('profile.failed')));
    dispatch(authActions.profileSaved(res.data.profile));
    setSuccess(t('profile.success'));
  };

  if (!profile) {
    return (
      <p>
        {t('profile.noProfile')}{' '}
        <Link to={isChef ? '/onboarding/chef' : '/onboarding/restaurant'}>
          {t('profile.completeProfile')}
        </Link>
      </p>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate>
      <h2>{t('tabs.profile')}</h2>
      <Alert>{error}</Alert>
      <Alert tone="success">{success}</Alert>
      <Field label={isChef ? t('profile.fullName') : t('profile.restaurantName')}>
        {(p) => <input {...p} required value={name} onChange={(e) => setName(e.target.value)} />}
      </Field>
      {isChef && (
        <>
          <Field
            label={t('profile.bio')}
            hint={t('profile.counter', { count: bio.length, max: LIMITS.bioMax })}
          >
            {(p) => <textarea {...p} rows={4} value={bio} onChange={(e) => setBio(e.target.value)} />}
          </Field>
          <Field label={t('profile.travelRadius')}>
            {(p) => (
              <select {...p} value={travelRadius} onChange={(e) => setTravelRadius(Number(e.target.value))}>
                {TRAVEL_RADIUS_OPTIONS.map((r) => (
                  <option key={r} value={r}>
                    {t('profile.miles', { value: r === 30 ? '30+' : String(r) })}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <ToggleGroup
            legend={t('profile.skills')}
            options={skillOptions}
            selected={skills}
            onChange={setSkills}
            labelOf={(s) => tc(`skills.${s}`)}
          />
          <LanguagesField value={languages} onChange={setLanguages} />
        </>
      )}
      {!isChef && (
        <ToggleGroup
          legend={t('profile.cuisines')}
          options={CUISINES}
          selected={cuisines}
          onChange={setCuisines}
          labelOf={(c) => tc(`cuisines.${c}`)}
        />
      )}
      <button type="submit" className="btn" disabled={isLoading}>
        {isLoading ? t('profile.updating') : t('profile.update')}
      </button>
    </form>
  );
}

function PreferencesTab() {
  const { t } = useTranslation('settings');
  const dispatch = useAppDispatch();
  const { user } = useAuth();
  const active = currentLanguage();
  if (!user) return null;
  const languages: { code: AppLanguage; label: string }[] = [
    { code: 'en', label: 'English' },
    { code: 'es', label: 'Español' },
  ];
  return (
    <div>
      <h2>{t('tabs.preferences')}</h2>
      <h3>{t('preferences.language')}</h3>
      <div className="actions-row" role="group" aria-label={t('preferences.language')}>
        {languages.map((l) => (
          <button
            key={l.code}
            type="button"
            lang={l.code}
            className={active === l.code ? 'btn' : 'btn btn-secondary'}
            aria-pressed={active === l.code}
            onClick={() => void dispatch(chooseLanguage(l.code))}
          >
            {l.label}
          </button>
        ))}
      </div>
      <h3>{t('preferences.account')}</h3>
      <dl className="facts">
        <Fact label={t('preferences.email')}>
          <EmailStatus />
        </Fact>
        <Fact label={t('preferences.phone')}>{formatPhone(user.phone)}</Fact>
        <Fact label={t('preferences.accountType')}>{t(`preferences.types.${user.user_type}`)}</Fact>
        <Fact label={t('preferences.memberSince')}>{formatDate(user.created_at)}</Fact>
      </dl>
      <CalendarFeedSection />
    </div>
  );
}

const NOTIFICATION_KEYS: ('sms_notifications' | 'job_reminders' | 'rating_reminders')[] = [
  'sms_notifications',
  'job_reminders',
  'rating_reminders',
];

function NotificationsTab() {
  const { t } = useTranslation('settings');
  const { user } = useAuth();
  const prefs = settingsApi.useNotificationPreferencesQuery();
  const [save, saving] = settingsApi.useSaveNotificationPreferencesMutation();
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  if (prefs.isLoading) return <Spinner />;
  const current = prefs.data ?? DEFAULT_NOTIFICATION_PREFERENCES;
  const send = async (change: Parameters<typeof save>[0]) => {
    setStatus(null);
    const res = await save(change);
    setStatus(
      res.error
        ? { tone: 'error', text: errorText(res.error, t('notifications.failed')) }
        : { tone: 'success', text: t('notifications.saved') },
    );
  };
  const toggle = (key: (typeof NOTIFICATION_KEYS)[number]) => send({ [key]: !current[key] });
  return (
    <div>
      <h2>{t('tabs.notifications')}</h2>
      {prefs.isError && <Alert>{t('notifications.loadFailed')}</Alert>}
      {status && <Alert tone={status.tone}>{status.text}</Alert>}
      <ul className="switches">
        {NOTIFICATION_KEYS.map((key) => (
          <li key={key} className="switch-row">
            <div>
              <div id={`${key}-label`} className="switch-label">
                {t(`notifications.${key}.label`)}
              </div>
              <div id={`${key}-hint`} className="hint">
                {t(`notifications.${key}.hint`)}
              </div>
            </div>
            <button
              type="button"
              role="switch"
              aria-checked={current[key]}
              aria-labelledby={`${key}-label`}
              aria-describedby={`${key}-hint`}
              className={current[key] ? 'switch switch-on' : 'switch'}
              disabled={saving.isLoading}
              onClick={() => void toggle(key)}
            >
              <span className="switch-knob" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      {!user?.email_verified && (
        <p className="hint" data-testid="email-unverified">
          {t('channels.verifyEmail')} <EmailStatus />
        </p>
      )}
      <PushControl />
      <ChannelTable
        channels={current.channels}
        disabled={saving.isLoading}
        onChange={(type, channel, on) => void send({ channels: { [type]: { [channel]: on } } })}
      />
    </div>
  );
}

/**
 * Issue 40: a row per type of notification, a column per channel that delivers (LIVE_CHANNELS) and the inbox,
 * which always has everything. Each cell is a checkbox saved as it changes.
 */
function ChannelTable({
  channels,
  disabled,
  onChange,
}: {
  channels: NotificationPreferences['channels'];
  disabled: boolean;
  onChange: (type: NotificationType, channel: DeliveryChannel, on: boolean) => void;
}) {
  const { t } = useTranslation('settings');
  return (
    <section aria-labelledby="channels-title" className="channels">
      <h3 id="channels-title">{t('channels.title')}</h3>
      <p className="hint">{t('channels.intro')}</p>
      <table className="channel-table">
        <thead>
          <tr>
            <th scope="col">{t('channels.type')}</th>
            {LIVE_CHANNELS.map((c) => (
              <th key={c} scope="col">
                {t(`channels.columns.${c}`)}
              </th>
            ))}
            <th scope="col" className="channel-inbox">
              {t('channels.columns.inbox')}
            </th>
          </tr>
        </thead>
        <tbody>
          {NOTIFICATION_TYPES.map((type) => (
            <tr key={type}>
              <th scope="row">{t(`channels.types.${type}`)}</th>
              {LIVE_CHANNELS.map((c) => (
                <td key={c}>
                  <input
                    type="checkbox"
                    checked={channels[type][c]}
                    disabled={disabled}
                    aria-label={t('channels.cell', {
                      type: t(`channels.types.${type}`),
                      channel: t(`channels.columns.${c}`),
                    })}
                    onChange={(e) => onChange(type, c, e.target.checked)}
                  />
                </td>
              ))}
              <td className="channel-inbox">
                <input
                  type="checkbox"
                  checked
                  disabled
                  aria-label={t('channels.cell', {
                    type: t(`channels.types.${type}`),
                    channel: t('channels.columns.inbox'),
                  })}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function PaymentsTab() {
  const { t } = useTranslation('settings');
  const status = paymentsApi.useAccountStatusQuery();
  const connected = !status.isError && !!status.data?.account_id && !!status.data.payouts_enabled;
  return (
    <div>
      <h2>{t('tabs.payments')}</h2>
      {status.isLoading ? (
        <Spinner />
      ) : (
        <p className={connected ? 'status-line status-success' : 'status-line status-warning'}>
          {connected ? t('payments.connected') : t('payments.notConnected')}
        </p>
      )}
      {!connected && (
        <Link to={paymentSetupPath} className="btn">
          {t('payments.setUp')}
        </Link>
      )}
      <h3>{t('payments.howTitle')}</h3>
      <ul className="bullets">
        <li>{t('payments.how1')}</li>
        <li>{t('payments.how2')}</li>
        <li>{t('payments.how3')}</li>
        <li>{t('payments.how4')}</li>
      </ul>
    </div>
  );
}
