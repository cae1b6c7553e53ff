import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api';
import { Alert } from '../../shared/components/Alert';
import { Field } from '../../shared/components/Field';
import { Spinner } from '../../shared/components/Spinner';
import { calendarApi } from './calendarApi';
import { ActionButton } from '../../shared/components/ActionButton';

/** The same feed for calendar apps that open webcal: links (Apple Calendar, Outlook): they subscribe at once. */
const webcal = (url: string) => url.replace(/^https?:/, 'webcal:');

/**
 * Settings' "Calendar feed": the private link calendar apps subscribe to (the user's confirmed shifts, kept in
 * sync), a copy button, and "Reset link", which makes a new link and stops the old one.
 */
export function CalendarFeedSection() {
  const { t } = useTranslation('settings');
  const feed = calendarApi.useCalendarFeedQuery();
  const [reset, resetting] = calendarApi.useResetCalendarFeedMutation();
  const [confirming, setConfirming] = useState(false);
  const [copied, setCopied] = useState(false);
  const [status, setStatus] = useState<{ tone: 'success' | 'error' | 'info'; text: string } | null>(null);
  const data = feed.data?.feed;

  const onCopy = async (url: string) => {
    setStatus(null);
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setStatus({ tone: 'info', text: t('calendarFeed.copyByHand') });
    }
  };
  const onReset = async () => {
    setStatus(null);
    setCopied(false);
    const res = await reset();
    setConfirming(false);
    setStatus(
      res.error
        ? { tone: 'error', text: errorText(res.error, t('calendarFeed.resetFailed')) }
        : { tone: 'success', text: t('calendarFeed.resetDone') },
    );
  };

  return (
    <section aria-labelledby="calendar-feed-title">
      <h3 id="calendar-feed-title">{t('calendarFeed.title')}</h3>
      <p className="hint">{t('calendarFeed.intro', { days: data?.past_days ?? 30 })}</p>
      {feed.isLoading && <Spinner />}
      {feed.isError && <Alert>{errorText(feed.error, t('calendarFeed.loadFailed'))}</Alert>}
      {status && <Alert tone={status.tone}>{status.text}</Alert>}
      {data?.url && (
        <>
          <Field label={t('calendarFeed.link')} hint={t('calendarFeed.private')}>
            {(p) => <input {...p} readOnly value={data.url} onFocus={(e) => e.currentTarget.select()} />}
          </Field>
          <div className="actions-row">
            <button type="button" className="btn btn-small" onClick={() => void onCopy(data.url)}>
              {copied ? t('calendarFeed.copied') : t('calendarFeed.copy')}
            </button>
            <a className="btn btn-small btn-secondary" href={webcal(data.url)}>
              {t('calendarFeed.subscribe')}
            </a>
          </div>
        </>
      )}
      {data && !confirming && (
        <div className="actions-row">
          <button type="button" className="btn btn-small btn-secondary" onClick={() => setConfirming(true)}>
            {t('calendarFeed.reset')}
          </button>
        </div>
      )}
      {data && confirming && (
        <div className="alert alert-warning" role="group" aria-label={t('calendarFeed.reset')}>
          <p>{t('calendarFeed.resetWarning')}</p>
          <div className="actions-row">
            <ActionButton className="btn btn-small" busy={resetting.isLoading} onClick={onReset}>
              {resetting.isLoading ? t('calendarFeed.resetting') : t('calendarFeed.resetConfirm')}
            </ActionButton>
            <button
              type="button"
              className="btn btn-small btn-secondary"
              onClick={() => setConfirming(false)}
            >
              {t('calendarFeed.keep')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
