import { useTranslation } from 'react-i18next';
import { moneyOutcomeOf, type MoneyOutcomeKind } from '../../shared/contracts';
import { useMoneyWords } from '../../shared/money/outcome';
import { opsApi, type LedgerSeat, type OpsLedgerResponse } from './opsApi';
import { formatCents, formatDateTime, Loaded, OpsTable } from './OpsPage';
import { Fact } from '../../shared/components/Facts';

/** The case file's chef, named in the seats' table (other seats' chefs show their id). */
interface Chef {
  user_id: string;
  name: string | null;
}

/** What the job's money did, from the ledger's decision (the outcome both sides read). */
function ledgerOutcome(ledger: {
  payment_status: string | null;
  decision: { reason: string; chef_pay_cents: number; refund_cents: number } | null;
}): MoneyOutcomeKind {
  const d = ledger.decision;
  return moneyOutcomeOf(
    d ? (d.reason as Parameters<typeof moneyOutcomeOf>[0]) : null,
    d ?? { chef_pay_cents: 0, refund_cents: 0 },
    ledger.payment_status === 'disputed',
  );
}

/** Issue 35: each seat of a posting of several, with its status, chef, decision and what moved for it. */
function LedgerSeats({ seats, chef }: { seats: LedgerSeat[]; chef?: Chef }) {
  const { t } = useTranslation('ops');
  const chefName = (chefId: string | null) =>
    chefId === null ? '—' : chefId === chef?.user_id && chef.name ? chef.name : chefId.slice(0, 8);
  const moved = (seat: LedgerSeat) =>
    seat.entries
      .filter((e) => e.kind !== 'charge')
      .map((e) => `${e.kind} ${formatCents(e.amount_cents)}`)
      .join(' · ') || '—';
  return (
    <OpsTable
      caption={t('ledger.seats')}
      section="ledger"
      columns={['seat', 'status', 'seatChef', 'decision', 'moved']}
    >
      {seats.map((seat) => (
        <tr key={seat.seat_no} data-testid="ledger-seat">
          <td>{seat.seat_no}</td>
          <td>{seat.payment_status ?? t('ledger.none')}</td>
          <td>{chefName(seat.chef_id)}</td>
          <td>
            {seat.decision
              ? t('ledger.decisionText', {
                  pay: formatCents(seat.decision.chef_pay_cents),
                  fee: formatCents(seat.decision.fee_cents),
                  refund: formatCents(seat.decision.refund_cents),
                })
              : t('ledger.noDecision')}
          </td>
          <td>{moved(seat)}</td>
        </tr>
      ))}
    </OpsTable>
  );
}

/** The outcome the case file's seat reads: its own seat's status and decision (a job of one seat: the job's). */
function seatLedger(ledger: OpsLedgerResponse, seatNo: number | undefined) {
  const seat = seatNo === undefined ? undefined : ledger.seats?.find((s) => s.seat_no === seatNo);
  return seat && (ledger.seats?.length ?? 0) > 1
    ? { payment_status: seat.payment_status, decision: seat.decision }
    : ledger;
}

/**
 * The job's ledger on the console (the dispute page, the job's timeline page): its status and outcome (a case
 * file's: its seat's, issue 35), every movement, the totals and, for a posting of several, every seat.
 */
export function JobLedger({ jobId, seatNo, chef }: { jobId: string; seatNo?: number; chef?: Chef }) {
  const { t } = useTranslation('ops');
  const words = useMoneyWords();
  const query = opsApi.useJobLedgerQuery(jobId);
  return (
    <section aria-labelledby="ledger-title">
      <h2 id="ledger-title">{t('ledger.title')}</h2>
      <Loaded query={query}>
        {(ledger) => (
          <>
            <p>
              {t('ledger.status')}: <strong>{ledger.payment_status ?? t('ledger.none')}</strong>
              {ledger.payment_status && (
                <>
                  {' · '}
                  {t('ledger.outcome')}:{' '}
                  <strong data-testid="ledger-outcome">
                    {words.label({ outcome: ledgerOutcome(seatLedger(ledger, seatNo)) })}
                  </strong>
                </>
              )}
            </p>
            {
              <OpsTable
                none={ledger.entries.length === 0 ? t('ledger.noEntries') : null}
                caption={t('ledger.entries')}
                section="ledger"
                columns={['at', 'kind', 'amount', 'provider']}
              >
                {ledger.entries.map((e, i) => (
                  <tr key={`${e.at}-${i}`}>
                    <td>{formatDateTime(e.at)}</td>
                    <td>{e.kind}</td>
                    <td className="num">{formatCents(e.amount_cents)}</td>
                    <td>{e.provider_id ?? ''}</td>
                  </tr>
                ))}
              </OpsTable>
            }
            <dl className="facts">
              <Fact label={t('ledger.charged')}>{formatCents(ledger.totals.charged_cents)}</Fact>
              <Fact label={t('ledger.transferred')}>{formatCents(ledger.totals.transferred_cents)}</Fact>
              <Fact label={t('ledger.fee')}>{formatCents(ledger.totals.fee_cents)}</Fact>
              <Fact label={t('ledger.refunded')}>{formatCents(ledger.totals.refunded_cents)}</Fact>
            </dl>
            {ledger.seats && ledger.seats.length > 1 && <LedgerSeats seats={ledger.seats} chef={chef} />}
          </>
        )}
      </Loaded>
    </section>
  );
}
