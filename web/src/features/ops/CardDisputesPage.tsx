import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { cardDisputesApi, type CardDispute } from './cardDisputesApi';
import { formatCents, formatDateTime, Loaded, OpsPage, OpsTable, TimelineLink } from './OpsPage';

/** The dispute's flag on its restaurant: flagged until it pays a lost dispute back, then settled. */
export function RestaurantFlag({ dispute }: { dispute: CardDispute }) {
  const { t } = useTranslation('ops');
  if (dispute.settled_at)
    return (
      <span className="tag" data-testid="card-dispute-flag">
        {t('cardDisputes.settled', { at: formatDateTime(dispute.settled_at) })}
      </span>
    );
  if (dispute.restaurant_flagged)
    return (
      <span className="tag tag-overdue" data-testid="card-dispute-flag">
        {t('cardDisputes.flagged')}
      </span>
    );
  return null;
}

/**
 * /ops/card-disputes: the card disputes (chargebacks) as payments orders them (open first, evidence due
 * soonest, then closed): status, amount, restaurant, job, evidence due by, the restaurant's flag.
 */
export default function CardDisputesPage() {
  const { t } = useTranslation('ops');
  const query = cardDisputesApi.useCardDisputesQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <OpsPage title={t('cardDisputes.title')}>
      <p className="hint">{t('cardDisputes.intro')}</p>
      <Loaded query={query}>
        {({ card_disputes }) => (
          <OpsTable
            none={card_disputes.length === 0 ? t('cardDisputes.none') : null}
            caption={t('cardDisputes.title')}
            section="cardDisputes.columns"
            columns={['status', 'amount', 'restaurant', 'job', 'dueBy', 'flag']}
          >
            {card_disputes.map((d) => (
              <tr key={d.id} data-testid="card-dispute-row">
                <td>
                  <Link to={`/ops/card-disputes/${encodeURIComponent(d.id)}`}>
                    {t(`cardDisputes.status.${d.status}`)}
                  </Link>
                </td>
                <td>{formatCents(d.amount_cents)}</td>
                <td>{d.restaurant_name ?? t('unnamed')}</td>
                <td>
                  <TimelineLink jobId={d.job_id}>{d.job_title}</TimelineLink>
                </td>
                <td>{d.evidence_due_by ? formatDateTime(d.evidence_due_by) : t('cardDisputes.noDueBy')}</td>
                <td>
                  <RestaurantFlag dispute={d} />
                </td>
              </tr>
            ))}
          </OpsTable>
        )}
      </Loaded>
    </OpsPage>
  );
}
