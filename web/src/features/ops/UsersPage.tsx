import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Field } from '../../shared/components/Field';
import { opsApi } from './opsApi';
import { Loaded, OpsPage, OpsTable } from './OpsPage';
import { formatPhone } from '../../shared/phone';

/** /ops/users?q=: search users by email or phone. */
export default function UsersPage() {
  const { t } = useTranslation('ops');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const [error, setError] = useState<string | null>(null);
  const query = opsApi.useUsersQuery(q, { skip: !q, refetchOnMountOrArgChange: true });

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) {
      setError(t('users.searchRequired'));
      return;
    }
    setError(null);
    setParams({ q: text.trim() });
  };

  return (
    <OpsPage title={t('users.title')}>
      <form onSubmit={onSearch} className="search-form" role="search" noValidate>
        <Field label={t('users.search')} hint={t('users.searchHint')} error={error}>
          {(p) => <input {...p} type="search" value={text} onChange={(e) => setText(e.target.value)} />}
        </Field>
        <button type="submit" className="btn">
          {t('users.searchButton')}
        </button>
      </form>
      {q && (
        <section aria-labelledby="users-results">
          <h2 id="users-results">{t('users.results', { q })}</h2>
          <Loaded query={query}>
            {({ users }) => (
              <OpsTable
                none={users.length === 0 ? t('users.none') : null}
                caption={t('users.results', { q })}
                section="users"
                columns={['email', 'name', 'phone', 'type', 'state']}
              >
                {users.map((u) => (
                  <tr key={u.id}>
                    <td>
                      <Link to={`/ops/users/${u.id}`}>{u.email}</Link>
                    </td>
                    <td>
                      <bdi>{u.name ?? ''}</bdi>
                    </td>
                    <td>{formatPhone(u.phone)}</td>
                    <td>{t(`users.types.${u.user_type}`)}</td>
                    <td>
                      {u.suspension ? (
                        <span className="tag tag-overdue">{t('users.suspended')}</span>
                      ) : (
                        t('users.active')
                      )}
                    </td>
                  </tr>
                ))}
              </OpsTable>
            )}
          </Loaded>
        </section>
      )}
    </OpsPage>
  );
}
