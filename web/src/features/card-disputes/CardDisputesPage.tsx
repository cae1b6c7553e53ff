import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents, formatDateTime } from '../../shared/format';
import { Alert } from '../../shared/components/Alert';
import { Spinner } from '../../shared/components/Spinner';
import { TotalCard } from '../../shared/money/TotalCard';
import { pageFor } from '../shell';
import { CardField, useOnSessionPayment } from '../payments';
import { cardDisputesApi, type OwnCardDispute, type SettleCardDisputeAnswer } from './cardDisputesApi';

/**
 * /card-disputes (restaurants, issue 38): the card disputes (chargebacks) of its payments that were lost: the
 * card's holder got the money back from Brigade, the chef keeps what was paid, and the restaurant pays it back
 * before it may post again. "Pay back $X" shows the amount, then the card field pays it on-session (as the
 * balances page does); once collected the flag lifts.
 */
type Notice = { tone: 'success' | 'info'; text: string };

const CardDisputesPage = pageFor('restaurant', CardDisputes);
export default CardDisputesPage;

function CardDisputes() {
  const { t } = useTranslation('card-disputes');
  const owed = cardDisputesApi.useOwnCardDisputesQuery(undefined, { refetchOnMountOrArgChange: true });
  const data = owed.data;
  const [notice, setNotice] = useState<Notice | null>(null);
  return (
    <section className="page narrow">
      <h1>{t('title')}</h1>
      <p className="muted">{t('intro')}</p>
      {owed.isLoading && <Spinner />}
      {owed.isError && <Alert>{t('loadFailed')}</Alert>}
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {data && (
        <>
          <div className="stats money-totals">
            <TotalCard label={t('total')} cents={data.total_owed_cents} testId="card-dispute-total" />
          </div>
          {data.card_disputes.length === 0 ? (
            <p className="empty">{t('empty')}</p>
          ) : (
            <ul className="money-rows">
              {data.card_disputes.map((d) => (
                <DisputeLine key={d.id} dispute={d} onNotice={setNotice} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function DisputeLine({ dispute: d, onNotice }: { dispute: OwnCardDispute; onNotice: (n: Notice) => void }) {
  const { t } = useTranslation('card-disputes');
  const { t: tc } = useTranslation('catalog');
  const [paying, setPaying] = useState(false);
  const amount = formatCents(d.amount_cents);
  const shift = tc(`positions.${d.job_title}`, { defaultValue: d.job_title });
  return (
    <li className="money-row" data-testid="card-dispute-row">
      <div className="money-row-head">
        <h2>{shift}</h2>
      </div>
      <p>{t('lost', { amount })}</p>
      {d.settled_at ? (
        <p className="muted" data-testid="card-dispute-settled">
          {t('settledOn', { date: formatDateTime(d.settled_at) })}
        </p>
      ) : paying ? (
        <SettleDispute dispute={d} shift={shift} onNotice={onNotice} onCancel={() => setPaying(false)} />
      ) : (
        <button type="button" className="btn" onClick={() => setPaying(true)}>
          {t('pay', { amount })}
        </button>
      )}
    </li>
  );
}

function SettleDispute({
  dispute,
  shift,
  onNotice,
  onCancel,
}: {
  dispute: OwnCardDispute;
  shift: string;
  onNotice: (n: Notice) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('card-disputes');
  const [settle] = cardDisputesApi.useSettleCardDisputeMutation();
  const [refetch] = cardDisputesApi.useLazyOwnCardDisputesQuery();
  const [error, setError] = useState<string | null>(null);
  const amount = formatCents(dispute.amount_cents);
  const { setConfirmer, confirmer, busy, pay } = useOnSessionPayment<SettleCardDisputeAnswer>({
    pay: (paymentMethodId) => settle({ id: dispute.id, ...(paymentMethodId ? { paymentMethodId } : {}) }),
    goneCode: 'PAYMENTS.CARD_DISPUTE_NOT_OWED',
    paidStatus: 'settled',
    failedText: t('failed'),
  });

  const onPay = async () => {
    setError(null);
    const step = await pay();
    if (!step.ok && 'gone' in step) {
      onNotice({ tone: 'info', text: t('notOwed') });
      void refetch();
    } else if (!step.ok) setError(step.text);
    else if (step.answer.payment_status === 'settled') {
      onNotice({ tone: 'success', text: t('paid', { amount: formatCents(step.answer.amount_cents) }) });
      void refetch();
    } else if (step.answer.payment_status === 'processing') setError(t('processing'));
    else setError(t('failed'));
  };

  return (
    <div className="card" data-testid="settle-card-dispute">
      <p>
        <strong>{t('payTitle', { amount, shift })}</strong>
      </p>
      <CardField onReady={setConfirmer} />
      <Alert>{error}</Alert>
      <div className="actions-row">
        <button type="button" className="btn" disabled={!confirmer || busy} onClick={() => void onPay()}>
          {busy ? t('paying') : t('payNow', { amount })}
        </button>
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </div>
  );
}
