import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api';
import { useAuth } from '../../shared/hooks';
import { Alert } from '../../shared/components/Alert';
import { opsApi, type OpsOperator } from './opsApi';
import { formatDateTime, Loaded, OpsPage, OpsTable } from './OpsPage';
import { TextAreaField } from '../../shared/components/TextAreaField';
import { TextField } from '../../shared/components/TextField';

const REASON_MAX = 1000;

/** Add an operator: their one-time password is shown once, here. */
function AddOperator() {
  const { t } = useTranslation('ops');
  const [email, setEmail] = useState('');
  const [admin, setAdmin] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [add, result] = opsApi.useAddOperatorMutation();
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) return setError(t('operators.emailRequired'));
    setError(null);
    const res = await add({ email: email.trim(), admin });
    if ('data' in res) {
      setEmail('');
      setAdmin(false);
    }
  };
  return (
    <section className="card" aria-labelledby="add-operator-title">
      <h2 id="add-operator-title">{t('operators.addTitle')}</h2>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <TextField
          label={t('operators.email')}
          error={error}
          type="email"
          autoComplete="off"
          value={email}
          onChange={setEmail}
        />
        <label className="check-row">
          <input type="checkbox" checked={admin} onChange={(e) => setAdmin(e.target.checked)} />{' '}
          {t('operators.adminBox')}
        </label>
        <Alert>{result.error ? errorText(result.error, t('operators.failed')) : null}</Alert>
        <button type="submit" className="btn" disabled={result.isLoading}>
          {t('operators.add')}
        </button>
      </form>
      {result.data && !result.isLoading && (
        <Alert tone="success">
          <p>{t('operators.added', { email: result.data.operator.email })}</p>
          <p>
            {t('operators.oneTimePassword')}{' '}
            <code data-testid="one-time-password">{result.data.one_time_password}</code>
          </p>
          <p>{t('operators.oneTimeHint')}</p>
        </Alert>
      )}
    </section>
  );
}

type Pending = { kind: 'suspend' | 'remove'; operator: OpsOperator } | null;

/** Suspend (with a reason) or remove the chosen operator, after a confirmation. */
function Confirm({ pending, onDone }: { pending: NonNullable<Pending>; onDone: () => void }) {
  const { t } = useTranslation('ops');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [suspend, suspended] = opsApi.useSuspendUserMutation();
  const [remove, removed] = opsApi.useRemoveOperatorMutation();
  const result = pending.kind === 'suspend' ? suspended : removed;
  const { operator } = pending;
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending.kind === 'suspend' && !reason.trim()) return setError(t('user.reasonRequired'));
    setError(null);
    const res =
      pending.kind === 'suspend'
        ? await suspend({ userId: operator.id, reason: reason.trim() })
        : await remove(operator.id);
    if ('data' in res) onDone();
  };
  return (
    <section className="card" aria-labelledby="operator-action-title">
      <h2 id="operator-action-title">
        {pending.kind === 'suspend'
          ? t('operators.suspendTitle', { email: operator.email })
          : t('operators.removeTitle', { email: operator.email })}
      </h2>
      <p className="muted">
        {pending.kind === 'suspend' ? t('operators.suspendHint') : t('operators.removeHint')}
      </p>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        {pending.kind === 'suspend' && (
          <TextAreaField
            label={t('user.reason')}
            error={error}
            rows={2}
            maxLength={REASON_MAX}
            value={reason}
            onChange={setReason}
          />
        )}
        <Alert>{result.error ? errorText(result.error, t('user.failed')) : null}</Alert>
        <div className="actions">
          <button type="submit" className="btn btn-danger" disabled={result.isLoading}>
            {pending.kind === 'suspend' ? t('user.suspendConfirm') : t('operators.removeConfirm')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={onDone}>
            {t('user.cancel')}
          </button>
        </div>
      </form>
    </section>
  );
}

/** One operator's state: active, suspended, or still on a one-time password. */
function stateOf(o: OpsOperator, t: (key: string, options?: Record<string, string>) => string) {
  if (o.suspension)
    return t('user.suspendedSince', {
      at: formatDateTime(o.suspension.suspended_at),
      reason: o.suspension.reason,
    });
  return o.password_change_required ? t('operators.mustChange') : t('users.active');
}

function OperatorsList({ me }: { me: string }) {
  const { t } = useTranslation('ops');
  const query = opsApi.useOperatorsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [reinstate, reinstated] = opsApi.useReinstateUserMutation();
  const [pending, setPending] = useState<Pending>(null);
  return (
    <section aria-labelledby="operators-list">
      <h2 id="operators-list">{t('operators.listTitle')}</h2>
      <Alert>{reinstated.error ? errorText(reinstated.error, t('user.failed')) : null}</Alert>
      <Loaded query={query}>
        {({ operators }) => (
          <OpsTable
            caption={t('operators.listTitle')}
            section="operators"
            columns={['email', 'role', 'users.state', 'twoStep', 'actions']}
          >
            {operators.map((o) => (
              <tr key={o.id}>
                <td>{o.email}</td>
                <td>{o.admin ? t('operators.roles.admin') : t('operators.roles.operator')}</td>
                <td data-testid={`state-${o.email}`}>{stateOf(o, t)}</td>
                <td>{o.totp_enrolled ? t('operators.twoStepOn') : t('operators.twoStepOff')}</td>
                <td>
                  {o.id === me ? (
                    <span className="muted">{t('operators.you')}</span>
                  ) : (
                    <div className="actions">
                      {o.suspension ? (
                        <button
                          type="button"
                          className="btn btn-small"
                          aria-label={t('operators.reinstateLabel', { email: o.email })}
                          onClick={() => void reinstate({ userId: o.id })}
                        >
                          {t('user.reinstate')}
                        </button>
                      ) : (
                        <button
                          type="button"
                          className="btn btn-small btn-secondary"
                          aria-label={t('operators.suspendLabel', { email: o.email })}
                          onClick={() => setPending({ kind: 'suspend', operator: o })}
                        >
                          {t('user.suspend')}
                        </button>
                      )}
                      <button
                        type="button"
                        className="btn btn-small btn-secondary"
                        aria-label={t('operators.removeLabel', { email: o.email })}
                        onClick={() => setPending({ kind: 'remove', operator: o })}
                      >
                        {t('operators.remove')}
                      </button>
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </OpsTable>
        )}
      </Loaded>
      {pending && (
        <Confirm
          key={`${pending.kind}-${pending.operator.id}`}
          pending={pending}
          onDone={() => setPending(null)}
        />
      )}
    </section>
  );
}

/** /ops/operators: the operators, added, suspended, reinstated and removed by admins (issue 33). */
export default function OperatorsPage() {
  const { t } = useTranslation('ops');
  const { user } = useAuth();
  return (
    <OpsPage title={t('operators.title')}>
      {user?.admin ? (
        <>
          <AddOperator />
          <OperatorsList me={user.id} />
        </>
      ) : (
        <Alert>{t('operators.adminOnly')}</Alert>
      )}
    </OpsPage>
  );
}
