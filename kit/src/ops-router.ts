import { Router } from 'express';
import { opsHttp, payHttp } from '@brigade/contracts';
import { currentOperator, requireOperator, type KeySource } from './auth';
import { listAudit, recordAudit } from './audit';
import type { Database } from './db';
import { AppError, notFound } from './errors';
import { parse, parseBody, uuidParam } from './http';
import type { SessionRevocations } from './revocations';
import type { DeadLetter, EventBus } from './bus/types';
import { InProcessBus } from './bus/in-process';
import { RabbitBus } from './bus/rabbit';
import { auditEntry, byTime, publishedAbout, type ServiceName, type TimelineEntry } from './ops-timeline';
import type { EvidenceEntry } from './ops-evidence';

export interface PlatformOpsRouterOptions {
  service: ServiceName;
  database: Database;
  bus: EventBus;
  keys: KeySource;
  revocations?: SessionRevocations;
  /** What else this service knows about a job (notifications: the texts it sent). */
  extraTimeline?: (jobId: string) => Promise<TimelineEntry[]>;
  /** The service that owns jobs says whether a job exists: its part of an unknown job's timeline is a 404. */
  jobExists?: (jobId: string) => Promise<boolean>;
  /**
   * Issue 38: this service's part of a job's evidence for a card dispute, from its own records (every service
   * gives one: the gateway merges them).
   */
  evidence?: (jobId: string, query: { restaurant_id?: string }) => Promise<EvidenceEntry[]>;
}

/** Latest dead letters shown per queue. */
const LATEST = 10;

type DeadLetterQueue = ReturnType<typeof opsHttp.DeadLetterQueue.parse>;

/** The job or user a dead-lettered event is about (a poison message's raw text is read as far as it goes). */
function describeDeadLetter(letter: DeadLetter) {
  let event = letter.event as { id?: unknown; type?: unknown; data?: unknown } | null;
  if (!event) {
    try {
      const parsed = JSON.parse(letter.raw);
      event = parsed && typeof parsed === 'object' ? parsed : null;
    } catch {
      event = null;
    }
  }
  const data = (event?.data && typeof event.data === 'object' ? event.data : {}) as Record<string, unknown>;
  const subject = [data.job_id, data.user_id].find((v) => typeof v === 'string') as string | undefined;
  return {
    event_id: typeof event?.id === 'string' ? event.id : (letter.eventId ?? null),
    type: typeof event?.type === 'string' ? event.type : (letter.type ?? null),
    subject: subject ?? null,
    error: letter.error,
    attempts: letter.attempts,
  };
}

function busUnavailable(err: unknown): AppError {
  return new AppError(
    503,
    'OPS.BUS_UNAVAILABLE',
    `The event bus is not reachable: ${err instanceof Error ? err.message : String(err)}`,
  );
}

/**
 * The console's routes every service answers for its own records (ADR 11), merged by the gateway: the
 * operators' audit log, the dead letters of this service's consumer queues (and their redrive), and this
 * service's part of a job's timeline (the events it published about the job, its operators' actions on it,
 * and whatever `extraTimeline` adds). Operators only.
 */
export function platformOpsRouter(options: PlatformOpsRouterOptions): Router {
  const { service, database, bus } = options;
  const router = Router();
  const operatorOnly = requireOperator(options.keys, options.revocations);

  /** This service's consumer queues on the bus (all services share the in-process bus of the embedded default). */
  const ownQueues = (): string[] => {
    const all =
      bus instanceof RabbitBus || bus instanceof InProcessBus ? bus.subscribedQueues() : ([] as string[]);
    return all.filter((q) => q.startsWith(`${service}.`)).sort();
  };

  router.get('/ops/audit', operatorOnly, async (req, res) => {
    const query = parse(opsHttp.AuditQuery, req.query);
    const rows = await listAudit(database, service, {
      jobId: query.job_id,
      subjectId: query.subject_id,
      limit: query.limit,
    });
    res.json({ entries: rows });
  });

  router.get('/ops/dead-letters', operatorOnly, async (_req, res) => {
    const own = ownQueues();
    let queues: DeadLetterQueue[] = [];
    if (bus instanceof InProcessBus) {
      queues = own.map((queue) => {
        const letters = bus.deadLetters(queue);
        return {
          service,
          queue,
          count: letters.length,
          latest: letters.slice(-LATEST).reverse().map(describeDeadLetter),
        };
      });
    } else if (bus instanceof RabbitBus && own.length > 0) {
      // the service's dead-letter queue read once for all its subscriptions
      let peeked;
      try {
        peeked = await bus.peekServiceDeadLetters(own, LATEST);
      } catch (err) {
        throw busUnavailable(err);
      }
      queues = own.map((queue, i) => ({
        service,
        queue,
        count: peeked[i].count,
        latest: peeked[i].latest.map(describeDeadLetter),
      }));
    }
    res.json({ queues });
  });

  router.post('/ops/dead-letters/redrive', operatorOnly, async (req, res) => {
    const { queue } = parseBody(opsHttp.RedriveRequest, req);
    if (!ownQueues().includes(queue))
      throw notFound(`${service} has no queue named ${queue}`, 'OPS.QUEUE_NOT_FOUND');
    const operator = currentOperator(req);
    // The broker's move and the database's record cannot share a transaction: the redrive runs inside the
    // audit's, so the record carries the count actually moved (a failed redrive records nothing).
    const redriven = await database.transaction(async (tx) => {
      let moved: number;
      try {
        moved = bus instanceof RabbitBus ? await bus.redrive(queue) : (bus as InProcessBus).redrive(queue);
      } catch (err) {
        throw busUnavailable(err);
      }
      await recordAudit(database, tx, {
        operatorId: operator.id,
        operatorEmail: operator.email ?? operator.id,
        action: 'dead_letters.redrive',
        subjectType: 'queue',
        subjectId: queue,
        detail: { redriven: moved },
      });
      return moved;
    });
    res.json({ queue, redriven });
  });

  router.get('/ops/jobs/:jobId/timeline', operatorOnly, async (req, res) => {
    const jobId = uuidParam(req, 'jobId', 'No such job', 'OPS.JOB_NOT_FOUND');
    if (options.jobExists && !(await options.jobExists(jobId)))
      throw notFound('No such job', 'OPS.JOB_NOT_FOUND');
    const [events, audit, extra] = await Promise.all([
      publishedAbout(database, service, jobId),
      listAudit(database, service, { jobId, limit: 500 }),
      options.extraTimeline ? options.extraTimeline(jobId) : Promise.resolve([]),
    ]);
    res.json({ job_id: jobId, entries: byTime([...events, ...audit.reverse().map(auditEntry), ...extra]) });
  });

  // Issue 38: a job's evidence, checked as the timeline is (the same 404s), so the gateway's merge behaves alike.
  const evidence = options.evidence;
  if (evidence)
    router.get('/ops/jobs/:jobId/evidence', operatorOnly, async (req, res) => {
      const jobId = uuidParam(req, 'jobId', 'No such job', 'OPS.JOB_NOT_FOUND');
      const query = parse(payHttp.EvidenceQuery, req.query);
      if (options.jobExists && !(await options.jobExists(jobId)))
        throw notFound('No such job', 'OPS.JOB_NOT_FOUND');
      res.json({ job_id: jobId, entries: await evidence(jobId, query) });
    });

  return router;
}
