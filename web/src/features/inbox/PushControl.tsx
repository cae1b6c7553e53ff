import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorStatus, errorText } from '../../shared/api';
import { Alert } from '../../shared/components/Alert';
import { pushApi } from './pushApi';
import { appRegistration, currentSubscription, keyBytes, pushSupported } from './pushDevice';

type Phase = 'checking' | 'unsupported' | 'blocked' | 'off' | 'on';
type Notice = { tone: 'success' | 'error' | 'info'; text: string } | null;

/**
 * Settings > Notifications (issue 40): web push on this device. Not supported by the browser, blocked by the
 * person (how to allow it), off (Turn on: the browser asks, subscribes with the server's key, the subscription is
 * sent) or on (Turn off: removed on the server, then in the browser). A server without push ("not available
 * right now") or a browser whose push service fails says so; nothing else on the page changes.
 */
export function PushControl() {
  const { t } = useTranslation('settings');
  const [phase, setPhase] = useState<Phase>(() => (pushSupported() ? 'checking' : 'unsupported'));
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const key = pushApi.usePushKeyQuery(undefined, { skip: phase !== 'off' });
  const [add] = pushApi.useAddPushSubscriptionMutation();
  const [remove] = pushApi.useRemovePushSubscriptionMutation();

  useEffect(() => {
    if (!pushSupported()) return;
    let live = true;
    currentSubscription()
      .catch(() => null)
      .then((subscription) => {
        if (!live) return;
        if (Notification.permission === 'denied') setPhase('blocked');
        else setPhase(subscription ? 'on' : 'off');
      });
    return () => {
      live = false;
    };
  }, []);

  const unavailable = t('push.unavailable');
  const keyProblem =
    phase === 'off' && key.error
      ? errorStatus(key.error) === 404
        ? unavailable
        : errorText(key.error, unavailable)
      : null;

  const turnOn = async () => {
    setNotice(null);
    const publicKey = key.data?.public_key;
    if (!publicKey) return;
    setBusy(true);
    try {
      const permission = await Notification.requestPermission();
      if (permission === 'denied') return setPhase('blocked');
      if (permission !== 'granted') return setNotice({ tone: 'info', text: t('push.dismissed') });
      const registration = await appRegistration();
      if (!registration) return setNotice({ tone: 'error', text: unavailable });
      let subscription: PushSubscription;
      try {
        subscription = await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: keyBytes(publicKey),
        });
      } catch (err) {
        console.warn('Subscribing to push failed', err);
        return setNotice({ tone: 'error', text: t('push.subscribeFailed') });
      }
      const res = await add(subscription.toJSON());
      if (res.error) {
        // The server does not have it: the browser keeps none either, so "off" stays true.
        await subscription.unsubscribe().catch(() => false);
        return setNotice({ tone: 'error', text: errorText(res.error, t('push.failed')) });
      }
      setPhase('on');
      setNotice({ tone: 'success', text: t('push.turnedOn') });
    } finally {
      setBusy(false);
    }
  };

  const turnOff = async () => {
    setNotice(null);
    setBusy(true);
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        const res = await remove({ endpoint: subscription.endpoint });
        if (res.error) return setNotice({ tone: 'error', text: errorText(res.error, t('push.failed')) });
        await subscription.unsubscribe();
      }
      setPhase('off');
      setNotice({ tone: 'success', text: t('push.turnedOff') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="push-title" className="push-device" data-testid="push-device">
      <div className="switch-row">
        <div>
          <h3 id="push-title" className="switch-label">
            {t('push.title')}
          </h3>
          <p className="hint">{t(`push.state.${phase}`)}</p>
        </div>
        {phase === 'off' && (
          <button
            type="button"
            className="btn btn-small"
            disabled={busy || !key.data?.public_key}
            onClick={() => void turnOn()}
          >
            {t('push.turnOn')}
          </button>
        )}
        {phase === 'on' && (
          <button
            type="button"
            className="btn btn-secondary btn-small"
            disabled={busy}
            onClick={() => void turnOff()}
          >
            {t('push.turnOff')}
          </button>
        )}
      </div>
      {phase === 'blocked' && <p className="hint">{t('push.howToAllow')}</p>}
      {keyProblem && <Alert tone="info">{keyProblem}</Alert>}
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
    </section>
  );
}
