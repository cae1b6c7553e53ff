import { sql, type AuthUser, type Database, type Executor, type Tx } from '@brigade/kit';

/** A thread as read for one user, with the job's title and that user's inbox version. */
export interface ThreadRow {
  job_id: string;
  chef_id: string;
  restaurant_id: string;
  application_id: string;
  job_title: string | null;
  last_seq: number;
  /** Every change a reader must be shown (a message, a translation landed later): part of the ETag. */
  revision: number | string;
  inbox_version: string | number | null;
}

const threadColumns = (user: AuthUser) =>
  sql`t.job_id, t.chef_id, t.restaurant_id, t.application_id, j.title as job_title, t.last_seq, t.revision,
      (select i.version from messaging.inboxes i where i.user_id = ${user.id}) as inbox_version`;

/** A chef's own thread on a job (at most one). */
export async function chefThreadOfJob(database: Database, user: AuthUser, jobId: string) {
  return database.rows<ThreadRow>(
    sql`select ${threadColumns(user)} from messaging.threads t left join messaging.jobs j on j.job_id = t.job_id
        where t.job_id = ${jobId} and t.chef_id = ${user.id}`,
    undefined,
    { prepared: true },
  );
}

/** The threads of a restaurant's job (with one chef's only, when `chefId` is given), oldest first, at most 51. */
export async function restaurantThreadsOfJob(
  database: Database,
  user: AuthUser,
  jobId: string,
  chefId?: string,
) {
  return database.rows<ThreadRow>(
    sql`select ${threadColumns(user)} from messaging.threads t left join messaging.jobs j on j.job_id = t.job_id
        where t.job_id = ${jobId} and t.restaurant_id = ${user.id} ${chefId ? sql`and t.chef_id = ${chefId}` : sql``}
        order by t.created_at, t.chef_id limit 51`,
    undefined,
    { prepared: true },
  );
}

/** The thread of one application, when this user is its chef or the restaurant that owns the job. */
export async function threadOfApplication(database: Database, user: AuthUser, applicationId: string) {
  return database.rows<ThreadRow>(
    sql`select ${threadColumns(user)}
        from messaging.applications a
        join messaging.threads t on t.job_id = a.job_id and t.chef_id = a.chef_id
        left join messaging.jobs j on j.job_id = t.job_id
        where a.application_id = ${applicationId}
          and ${user.type === 'chef' ? sql`t.chef_id = ${user.id}` : sql`t.restaurant_id = ${user.id}`}`,
  );
}

/** Everyone in a thread with this user (as chef or restaurant). */
export async function threadPeopleOfUser(database: Database, tx: Executor, userId: string) {
  return database.rows<{ chef_id: string; restaurant_id: string }>(
    sql`select chef_id, restaurant_id from messaging.threads where chef_id = ${userId} or restaurant_id = ${userId}`,
    tx,
  );
}

/**
 * Take the thread's next message number for a message from `senderId`, and count it as sent by its side (the
 * chef's, or else the restaurant's: the unread counts). It locks the thread's row until commit: within a
 * thread, number order is commit order. `at` is the message's time (the thread's last activity).
 */
/** Lock a thread's row until the transaction ends (a send that first looks for its own earlier copy). */
export async function lockThread(database: Database, tx: Tx, thread: { job_id: string; chef_id: string }) {
  await database.rows(
    sql`select 1 from messaging.threads where job_id = ${thread.job_id} and chef_id = ${thread.chef_id} for update`,
    tx,
  );
}

export async function takeNextSeq(
  database: Database,
  tx: Tx,
  thread: { job_id: string; chef_id: string },
  senderId: string,
) {
  const byChef = sql`(chef_id = ${senderId}::uuid)`;
  // Counts that do not add up to last_seq missed a message written without them (the previous release, during
  // a rolling update): counted again here, under the row lock.
  const sent = (column: string, fromChef: boolean) =>
    sql`case when chef_sent + restaurant_sent = last_seq then ${sql.raw(column)}
          else (select count(*) from messaging.messages m
                where m.job_id = threads.job_id and m.chef_id = threads.chef_id
                  and ${fromChef ? sql`m.sender_id = threads.chef_id` : sql`m.sender_id <> threads.chef_id`})
        end`;
  const [counter] = await database.rows<{ last_seq: number; revision: number | string; at: Date | string }>(
    sql`update messaging.threads set last_seq = last_seq + 1, revision = revision + 1,
          last_message_at = date_trunc('milliseconds', clock_timestamp()),
          chef_sent = ${sent('chef_sent', true)} + ${byChef}::int,
          restaurant_sent = ${sent('restaurant_sent', false)} + (not ${byChef})::int
        where job_id = ${thread.job_id} and chef_id = ${thread.chef_id}
        returning last_seq, revision, last_message_at as at`,
    tx,
  );
  return counter;
}

/**
 * A message's translation landed after it was sent: the thread takes a new revision (its ETag changes, and
 * polls after later messages answer this one again), and its copy of the latest message follows when that
 * is the one. Locks the thread's row until commit, as a send does.
 */
export async function reviseThread(
  database: Database,
  tx: Tx,
  thread: { job_id: string; chef_id: string },
  message: { seq: number; translated: string },
): Promise<number> {
  const [row] = await database.rows<{ revision: number | string }>(
    sql`update messaging.threads set revision = revision + 1,
          last_translated = case when last_message_seq = ${message.seq} then ${message.translated} else last_translated end
        where job_id = ${thread.job_id} and chef_id = ${thread.chef_id}
        returning revision`,
    tx,
  );
  return Number(row.revision);
}

/**
 * An application event: the application and the thread between its chef and the job's restaurant take the
 * status, unless they already hold a newer one (by the event's time `at`).
 */
export async function recordApplicationStatus(
  database: Database,
  tx: Tx,
  application: {
    applicationId: string;
    jobId: string;
    chefId: string;
    restaurantId: string;
    status: string;
    at: string;
  },
) {
  const a = application;
  await database.rows(
    sql`insert into messaging.applications (application_id, job_id, chef_id, restaurant_id, status, status_at)
        values (${a.applicationId}, ${a.jobId}, ${a.chefId}, ${a.restaurantId}, ${a.status}, ${a.at})
        on conflict (application_id) do update set status = excluded.status, status_at = excluded.status_at
          where messaging.applications.status_at <= excluded.status_at`,
    tx,
  );
  await database.rows(
    sql`insert into messaging.threads (job_id, chef_id, restaurant_id, application_id, application_status, status_at)
        values (${a.jobId}, ${a.chefId}, ${a.restaurantId}, ${a.applicationId}, ${a.status}, ${a.at})
        on conflict (job_id, chef_id) do update set
          application_id = excluded.application_id, application_status = excluded.application_status, status_at = excluded.status_at
          where messaging.threads.status_at <= excluded.status_at`,
    tx,
  );
}

/** One row of a user's conversation list: the thread, names, its latest message and the unread count. */
export interface ConversationRow {
  job_id: string;
  chef_id: string;
  restaurant_id: string;
  application_id: string;
  application_status: string;
  job_title: string | null;
  restaurant_name: string | null;
  chef_name: string | null;
  m_sender_id: string | null;
  m_recipient_id: string | null;
  m_original: string | null;
  m_translated: string | null;
  m_created_at: Date | string | null;
  unread_count: number | string;
  /** The user's inbox version read in the same statement (the list's ETag), on every row. */
  inbox_version: number | string;
}

/**
 * A user's conversations, most recent activity first (at most 500), each row with the user's inbox version
 * read in the same statement (one round trip, one snapshot: the version is the list's). No row: no version
 * either (`inboxVersion` reads it). One row per thread and its reader's marker: the job's title, both names and
 * the latest message are the thread's own copies (migration 0004, kept by triggers; an empty name or title is
 * read from its source), and the unread count is the thread's count of the other side's messages less the
 * reader's marker's count of those it covers (issue 22), with no message counted while those counts are whole
 * (see migration 0003; a thread written by the previous release during a rolling update is counted from its
 * messages).
 */
export async function conversationsOf(database: Database, user: AuthUser) {
  // The reader's side: their threads, and the other side's sent count (every message is the chef's or the
  // restaurant's, counted with last_seq).
  const { mine, othersSent } =
    user.type === 'chef'
      ? { mine: sql`t.chef_id = ${user.id}`, othersSent: sql`t.restaurant_sent` }
      : { mine: sql`t.restaurant_id = ${user.id}`, othersSent: sql`t.chef_sent` };
  return database.rows<ConversationRow>(
    sql`select t.job_id, t.chef_id, t.restaurant_id, t.application_id, t.application_status,
               coalesce(t.job_title, (select j.title from messaging.jobs j where j.job_id = t.job_id)) as job_title,
               coalesce(t.restaurant_name, (select p.name from messaging.participants p where p.user_id = t.restaurant_id)) as restaurant_name,
               coalesce(t.chef_name, (select p.name from messaging.participants p where p.user_id = t.chef_id)) as chef_name,
               t.last_sender_id as m_sender_id, t.last_recipient_id as m_recipient_id, t.last_original as m_original,
               t.last_translated as m_translated, t.last_created_at as m_created_at,
               case when t.chef_sent + t.restaurant_sent = t.last_seq and (r.reader_id is null or r.other_read_seq = r.last_read_seq)
                 then greatest(${othersSent} - coalesce(r.other_read, 0), 0)
                 else (select count(*) from messaging.messages u
                        where u.job_id = t.job_id and u.chef_id = t.chef_id
                          and u.seq > coalesce(r.last_read_seq, 0) and u.sender_id <> ${user.id}) end as unread_count,
               coalesce((select i.version from messaging.inboxes i where i.user_id = ${user.id}), 0) as inbox_version
        from messaging.threads t
        left join messaging.thread_reads r on r.job_id = t.job_id and r.chef_id = t.chef_id and r.reader_id = ${user.id}
        where ${mine}
        order by coalesce(t.last_message_at, t.created_at) desc, t.job_id, t.chef_id
        limit 500`,
    undefined,
    { prepared: true },
  );
}

/** Whether messaging has heard of this job (as a job or through a thread). */
export async function jobKnown(database: Database, jobId: string): Promise<boolean> {
  const known = await database.rows(
    sql`select 1 from messaging.jobs where job_id = ${jobId}
        union all select 1 from messaging.threads where job_id = ${jobId} limit 1`,
  );
  return known.length > 0;
}
