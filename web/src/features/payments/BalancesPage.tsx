import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatCents, formatDateTime, formatNumber } from '../../shared/format';
import { Alert } from '../../shared/components/Alert';
import { Spinner } from '../../shared/components/Spinner';
import { Fact } from '../../shared/components/Facts';
import { pageFor } from '../shell';
import { CardField } from './CardField';
import { paymentsApi, type Balance, type PayBalanceAnswer } from './paymentsApi';
import { useOnSessionPayment } from './useOnSessionPayment';
import { useCardErrorText } from './usePayForJob';
import { TotalCard } from '../../shared/money/TotalCard';

/**
 * /balances (restaurants, issue 34): the extra hours whose off-session charge failed (declined, the bank wanted
 * the restaurant present, or no card kept), each with what it is for, why the card did not pay and when it is
 * due; "Pay $X" opens the card field and pays it on-session, the way the escrow's pay page confirms a card
 * (Stripe.js handles 3-D Secure; the sandbox card form otherwise), then payments records it as collected.
 */
/** What the last payment did, said above the list. */
type Notice = { tone: 'success' | 'info'; text: string };

const BalancesPage = pageFor('restaurant', Balances);
export default BalancesPage;

function Balances() {
  const { t } = useTranslation('payments');
  // read fresh on every visit: a balance can be collected meanwhile (a webhook, another tab)
  const owed = paymentsApi.useBalancesQuery(undefined, { refetchOnMountOrArgChange: true });
  const data = owed.data;
  // what the last payment did, kept here: its balance leaves the list once the list is read again
  const [notice, setNotice] = useState<Notice | null>(null);
  return (
    <section className="page narrow">
      <h1>{t('balances.title')}</h1>
      <p className="muted">{t('balances.intro')}</p>
      {owed.isLoading && <Spinner />}
      {owed.isError && <Alert>{t('balances.loadFailed')}</Alert>}
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {data && (
        <>
          <div className="stats money-totals">
            <TotalCard label={t('balances.total')} cents={data.total_cents} testId="balance-total" />
          </div>
          {data.balances.length === 0 ? (
            <p className="empty">{t('balances.empty')}</p>
          ) : (
            <ul className="money-rows">
              {data.balances.map((b) => (
                <BalanceLine key={b.application_id} balance={b} onNotice={setNotice} />
              ))}
            </ul>
          )}
          <Link to="/receipts">{t('balances.toReceipts')}</Link>
        </>
      )}
    </section>
  );
}

function BalanceLine({ balance: b, onNotice }: { balance: Balance; onNotice: (notice: Notice) => void }) {
  const { t } = useTranslation('payments');
  const { t: tc } = useTranslation('catalog');
  const cardText = useCardErrorText();
  const [paying, setPaying] = useState(false);
  const amount = formatCents(b.amount_cents);
  const shift = tc(`positions.${b.job_title}`, { defaultValue: b.job_title });
  const cardReason = b.why === 'declined' && (b.code || b.decline_code) ? cardText(b) : null;
  return (
    <li className="money-row" data-testid="balance-row">
      <div className="money-row-head">
        <h2>{shift}</h2>
        {b.overdue && <span className="tag money-tag-overdue">{t('balances.overdueTag')}</span>}
      </div>
      <dl className="money-facts">
        <Fact className="money-fact" label={t('balances.workedHours')}>
          {formatNumber(Math.round((b.worked_minutes / 60) * 100) / 100)}
        </Fact>
        <Fact className="money-fact" label={t('balances.chefPay')}>
          {formatCents(b.chef_pay_cents)}
        </Fact>
        <Fact className="money-fact" label={t('balances.fee')}>
          {formatCents(b.fee_cents)}
        </Fact>
        <Fact className="money-fact" label={t('balances.amount')}>
          <strong>{amount}</strong>
        </Fact>
      </dl>
      <p data-testid="balance-why">
        {t(`balances.why.${b.why}`)}
        {cardReason && ` ${cardReason}`}
      </p>
      {b.due_at && (
        <p className="muted" data-testid="balance-due">
          {b.overdue
            ? t('balances.overdue', { date: formatDateTime(b.due_at) })
            : t('balances.due', { date: formatDateTime(b.due_at) })}
        </p>
      )}
      {paying ? (
        <PayBalance balance={b} shift={shift} onNotice={onNotice} onCancel={() => setPaying(false)} />
      ) : (
        <button type="button" className="btn" onClick={() => setPaying(true)}>
          {t('balances.pay', { amount })}
        </button>
      )}
    </li>
  );
}

/** The card form of one balance: the amount, the card field, then the payment. */
function PayBalance({
  balance,
  shift,
  onNotice,
  onCancel,
}: {
  balance: Balance;
  shift: string;
  onNotice: (notice: Notice) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('payments');
  const [payBalance] = paymentsApi.usePayBalanceMutation();
  const [refetch] = paymentsApi.useLazyBalancesQuery();
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const amount = formatCents(balance.amount_cents);
  const { setConfirmer, confirmer, busy, pay } = useOnSessionPayment<PayBalanceAnswer>({
    pay: (paymentMethodId) =>
      payBalance({ applicationId: balance.application_id, ...(paymentMethodId ? { paymentMethodId } : {}) }),
    goneCode: 'PAYMENTS.BALANCE_NOT_FOUND',
    paidStatus: 'collected',
    failedText: t('balances.failed'),
  });

  const onPay = async () => {
    setError(null);
    setInfo(null);
    const step = await pay();
    if (!step.ok && 'gone' in step) {
      onNotice({ tone: 'info', text: t('balances.notFound') });
      void refetch();
    } else if (!step.ok) setError(step.text);
    else if (step.answer.payment_status === 'collected') {
      onNotice({
        tone: 'success',
        text: t('balances.paid', { amount: formatCents(step.answer.amount_cents) }),
      });
      void refetch();
    } else if (step.answer.payment_status === 'processing') setInfo(t('balances.processing'));
    else if (step.answer.payment_status === 'requires_action') setError(t('balances.needsAction'));
    else setError(t('balances.failed'));
  };

  return (
    <div className="card" data-testid="pay-balance">
      <p>
        <strong>{t('balances.payTitle', { amount, shift })}</strong>
      </p>
      <CardField onReady={setConfirmer} />
      <Alert>{error}</Alert>
      <Alert tone="info">{info}</Alert>
      <div className="actions-row">
        <button type="button" className="btn" disabled={!confirmer || busy} onClick={() => void onPay()}>
          {busy ? t('pay.paying') : t('balances.payNow', { amount })}
        </button>
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={onCancel}>
          {t('pay.cancel')}
        </button>
      </div>
    </div>
  );
}
