import { sql, type Tx } from '@brigade/kit';
import type { EventData } from '@brigade/contracts';
import type { PaymentsContext } from '../context';

/** Email and user type of every user (the Stripe account's and the receipt's email). */
export async function onUserRegistered(
  ctx: PaymentsContext,
  tx: Tx,
  data: EventData<'identity.user.registered.v1'>,
) {
  await tx.execute(
    sql`insert into ${sql.raw(ctx.database.schema)}.users (user_id, email, user_type) values (${data.user_id}, ${data.email}, ${data.user_type})
        on conflict (user_id) do update set email = excluded.email, user_type = excluded.user_type`,
  );
}
