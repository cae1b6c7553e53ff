import type { Request, RequestHandler, Response } from 'express';
import { opsHttp, payHttp } from '@brigade/contracts';
import { AppError, jsonBodyParser } from '@brigade/kit';
import type { ServiceName } from './routes';

/** Every service, in the order their parts are merged when times tie. */
export const SERVICES: ServiceName[] = ['identity', 'jobs', 'payments', 'messaging', 'notifications'];

export interface FanOutOptions {
  services: Partial<Record<ServiceName, string>>;
  timeoutMs: number;
}

/** A service's JSON answer to a console route: the parts `merge` reads (each route holds one of them). */
type PartBody = { job_id?: string; entries?: unknown[]; queues?: unknown[] };
type Part = { service: ServiceName; status: number; body: PartBody } | { service: ServiceName; down: string };

const parseBody = jsonBodyParser('16kb');

/**
 * The console's routes every service holds a part of (ADR 11): the same request (auth header, request id) to
 * every service, the answers merged. A service that is down or failing leaves its part out and is named in
 * `unavailable`; a request every service refuses (a bad query, not an id) gets that refusal. The redrive goes
 * to the one service the queue belongs to (its name's prefix).
 */
export function opsFanOut(options: FanOutOptions): RequestHandler {
  const ask = async (
    service: ServiceName,
    req: Request,
    init: { method: string; body?: string },
  ): Promise<Part> => {
    const base = options.services[service];
    if (!base) return { service, down: 'not configured' };
    try {
      const res = await fetch(`${base}${req.originalUrl.replace(/^\/api/, '')}`, {
        method: init.method,
        headers: {
          authorization: req.headers.authorization ?? '',
          'x-request-id': req.id,
          ...(req.account ? { 'x-user-id': req.account.id } : {}),
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: init.body,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      const text = await res.text();
      if (res.status >= 500) return { service, down: `${res.status}` };
      return { service, status: res.status, body: text ? JSON.parse(text) : {} };
    } catch (err) {
      return { service, down: (err as Error).name === 'TimeoutError' ? 'timeout' : (err as Error).message };
    }
  };

  return async (req: Request, res: Response, next) => {
    try {
      if (req.method === 'POST' && req.path === '/ops/dead-letters/redrive') return await redrive(req, res);
      const parts = await Promise.all(SERVICES.map((s) => ask(s, req, { method: 'GET' })));
      const down = parts.filter((p): p is Extract<Part, { down: string }> => 'down' in p);
      for (const p of down)
        req.log.warn({ service: p.service, reason: p.down, path: req.path }, 'ops part unavailable');
      const answered = parts.filter((p): p is Extract<Part, { status: number }> => 'status' in p);
      if (answered.length === 0)
        throw new AppError(503, 'GATEWAY.SERVICE_UNAVAILABLE', 'No service answered, please try again');
      const refused = answered.find((p) => p.status !== 200);
      if (refused) return res.status(refused.status).json(refused.body);
      const unavailable = down.length > 0 ? { unavailable: down.map((p) => p.service) } : {};
      res.json({ ...merge(req, answered), ...unavailable });
    } catch (err) {
      next(err);
    }
  };

  async function redrive(req: Request, res: Response) {
    await new Promise<void>((resolve, reject) =>
      parseBody(req, res, (err?: unknown) => (err ? reject(err) : resolve())),
    );
    const body = req.body;
    if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body))
      throw new AppError(400, 'HTTP.BAD_BODY', 'Request body must be a JSON object');
    const { queue } = opsHttp.RedriveRequest.parse(body); // a ZodError: 400 with the contract's message
    const prefix = queue.split('.')[0];
    const service = SERVICES.find((s) => s === prefix);
    if (!service)
      throw new AppError(400, 'GATEWAY.UNKNOWN_QUEUE', `No service named "${prefix}" owns a queue`);
    const part = await ask(service, req, { method: 'POST', body: JSON.stringify({ queue }) });
    if ('down' in part)
      throw new AppError(
        503,
        'GATEWAY.SERVICE_UNAVAILABLE',
        `The ${service} service is not available right now, please try again`,
      );
    res.status(part.status).json(part.body);
  }
}

function merge(
  req: Request,
  parts: Array<{ service: ServiceName; body: PartBody }>,
): Record<string, unknown> {
  const order = (s: string) => SERVICES.indexOf(s as ServiceName);
  if (req.path.endsWith('/evidence')) {
    // Issue 38: a card dispute's evidence, by section as the services gave it, then by time.
    const entries = parts.flatMap((p) => (p.body.entries ?? []) as payHttp.EvidenceEntry[]);
    const section = (s: string) => payHttp.EVIDENCE_SECTIONS.indexOf(s as payHttp.EvidenceSection);
    entries.sort(
      (a, b) =>
        section(a.section) - section(b.section) ||
        Date.parse(a.at) - Date.parse(b.at) ||
        order(a.service) - order(b.service),
    );
    return { job_id: parts[0].body.job_id, entries };
  }
  if (req.path.endsWith('/timeline')) {
    const entries = parts.flatMap((p) => (p.body.entries ?? []) as opsHttp.TimelineEntry[]);
    // By time, then by service; a service's own entries at the same instant keep its order (stable sort).
    entries.sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || order(a.service) - order(b.service));
    return { job_id: parts[0].body.job_id, entries };
  }
  if (req.path === '/ops/audit') {
    const entries = parts.flatMap((p) => (p.body.entries ?? []) as opsHttp.AuditEntry[]);
    entries.sort(
      (a, b) =>
        Date.parse(b.at) - Date.parse(a.at) ||
        order(a.service) - order(b.service) ||
        a.id.localeCompare(b.id),
    );
    const limit = opsHttp.AuditQuery.safeParse(req.query);
    return { entries: entries.slice(0, (limit.success ? limit.data.limit : undefined) ?? 100) };
  }
  return { queues: parts.flatMap((p) => p.body.queues ?? []) };
}
