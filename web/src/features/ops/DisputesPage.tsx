import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { opsApi } from './opsApi';
import { formatCents, Loaded, OpsPage, OpsTable, useAge } from './OpsPage';
import { seatFigures } from '../../shared/money/figures';

/** /ops and /ops/disputes: the open disputes, oldest first, the overdue ones marked. */
export default function DisputesPage() {
  const { t } = useTranslation('ops');
  const query = opsApi.useDisputesQuery(undefined, { refetchOnMountOrArgChange: true });
  const age = useAge();
  return (
    <OpsPage title={t('disputes.title')}>
      <Loaded query={query}>
        {({ disputes }) => {
          const open = disputes
            .filter((d) => !d.resolution)
            .sort((a, b) => Date.parse(a.opened_at) - Date.parse(b.opened_at));
          if (open.length === 0) return <p className="muted">{t('disputes.none')}</p>;
          return (
            <OpsTable
              caption={t('disputes.title')}
              section="disputes"
              columns={['job', 'chef', 'restaurant', 'amounts', 'statements', 'age']}
            >
              {open.map((d) => {
                // issue 35: a posting of several has a row per disputed seat, each opening its own case file
                const seated = (d.job.headcount ?? 1) > 1 && d.seat_no !== undefined;
                const chef = d.chef.name ?? t('unnamed');
                return (
                  <tr
                    key={`${d.job.id}-${d.seat_no ?? 1}`}
                    data-testid="dispute-row"
                    className={d.overdue ? 'row-overdue' : undefined}
                  >
                    <td>
                      <Link
                        to={
                          seated ? `/ops/disputes/${d.job.id}?seat=${d.seat_no}` : `/ops/disputes/${d.job.id}`
                        }
                      >
                        {d.job.title}
                      </Link>
                    </td>
                    <td data-testid="dispute-chef">
                      {seated ? t('disputes.seatChef', { seat: d.seat_no, chef }) : chef}
                    </td>
                    <td>{d.restaurant.name ?? t('unnamed')}</td>
                    <td>
                      {t('disputes.amountsText', {
                        pay: formatCents(seatFigures(d.job).subtotal_cents),
                        total: formatCents(seatFigures(d.job).total_cents),
                      })}
                    </td>
                    <td data-testid="dispute-statements">
                      {t('disputes.statementsText', {
                        chef: d.chef.statements_count,
                        restaurant: d.restaurant.statements_count,
                      })}
                    </td>
                    <td>
                      {age(d.opened_at)}{' '}
                      {d.overdue && <span className="tag tag-overdue">{t('disputes.overdue')}</span>}
                    </td>
                  </tr>
                );
              })}
            </OpsTable>
          );
        }}
      </Loaded>
    </OpsPage>
  );
}
