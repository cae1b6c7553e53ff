import express from 'express';
import type { Executor } from '@brigade/kit';
import { nowSeconds, stripeId } from './ids';
import type { SandboxStore, StripeObject } from './store';
import { invalid, metadata, missing, str, StripeApiError } from './emulator-params';
import type { Params, RequestInfo } from './emulator-params';
import type { Handler } from './idempotent-routes';

// Issue 38: card disputes (chargebacks) as Stripe test mode has them. A charge of the test card
// `pm_card_createDispute` (4000000000000259) succeeds, then a dispute is opened on it (`needs_response`,
// `fraudulent`, the whole amount) and `charge.dispute.created` is sent. Evidence submitted with
// `uncategorized_text` containing `winning_evidence` wins, `losing_evidence` loses (Stripe's test words); other
// evidence stays `under_review` until a test or a demo decides it (`POST /sandbox/disputes/stripe/{id}/decide`).

/** How long the merchant has to answer (Stripe: about three weeks before the network's deadline). */
const EVIDENCE_DAYS = 21;

const EVIDENCE_FIELDS = [
  'access_activity_log',
  'billing_address',
  'cancellation_policy',
  'cancellation_policy_disclosure',
  'cancellation_rebuttal',
  'customer_communication',
  'customer_email_address',
  'customer_name',
  'customer_purchase_ip',
  'duplicate_charge_explanation',
  'product_description',
  'receipt',
  'refund_policy',
  'refund_policy_disclosure',
  'refund_refusal_explanation',
  'service_date',
  'service_documentation',
  'uncategorized_text',
] as const;

const OPEN = new Set(['needs_response', 'warning_needs_response']);
const CLOSED = new Set(['won', 'lost', 'warning_closed']);

function emptyEvidence(): Record<string, string | null> {
  return Object.fromEntries(EVIDENCE_FIELDS.map((f) => [f, null]));
}

/** Open a dispute on a charge that just succeeded (the card `pm_card_createDispute`). */
export async function openDispute(
  store: SandboxStore,
  tx: Executor,
  charge: StripeObject,
  req: RequestInfo,
): Promise<StripeObject> {
  const created = nowSeconds();
  const dispute: StripeObject = {
    id: stripeId('dp'),
    object: 'dispute',
    amount: charge.amount,
    balance_transactions: [
      { id: stripeId('txn'), object: 'balance_transaction', amount: -charge.amount, type: 'adjustment' },
    ],
    charge: charge.id,
    created,
    currency: charge.currency,
    evidence: emptyEvidence(),
    evidence_details: {
      due_by: created + EVIDENCE_DAYS * 24 * 3600,
      has_evidence: false,
      past_due: false,
      submission_count: 0,
    },
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: charge.payment_intent ?? null,
    reason: 'fraudulent',
    status: 'needs_response',
  };
  charge.disputed = true;
  await store.put(tx, charge);
  await store.put(tx, dispute);
  await store.emit(tx, 'charge.dispute.created', dispute, req);
  return dispute;
}

/** Close a dispute with the network's decision: `won` (the amount comes back) or `lost`. */
async function decide(
  store: SandboxStore,
  tx: Executor,
  dispute: StripeObject,
  outcome: 'won' | 'lost',
  req: RequestInfo,
) {
  dispute.status = outcome;
  if (outcome === 'won')
    dispute.balance_transactions.push({
      id: stripeId('txn'),
      object: 'balance_transaction',
      amount: dispute.amount,
      type: 'adjustment',
    });
  await store.put(tx, dispute);
  await store.emit(tx, 'charge.dispute.closed', dispute, req);
}

export class DisputesEmulator {
  constructor(private readonly store: SandboxStore) {}

  async getDispute(tx: Executor, id: string): Promise<StripeObject> {
    const dispute = await this.store.get(tx, id, 'dispute');
    if (!dispute) throw missing('dispute', id, 'dispute');
    return dispute;
  }

  async listDisputes(tx: Executor, filter: { charge?: string; payment_intent?: string }, limit: number) {
    const all = await this.store.list(tx, 'dispute', filter);
    return { object: 'list', data: all.slice(0, limit), has_more: all.length > limit, url: '/v1/disputes' };
  }

  /**
   * `POST /v1/disputes/{id}`: evidence (merged into what was given before), metadata, and `submit` (default true,
   * as Stripe). Submitted: `under_review`, then decided by Stripe's test words (the answer is the dispute as it
   * stood when submitted, `under_review`; the decision arrives as `charge.dispute.closed`).
   */
  async updateDispute(tx: Executor, id: string, p: Params, req: RequestInfo) {
    const dispute = await this.getDispute(tx, id);
    if (!OPEN.has(dispute.status))
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        message:
          dispute.status === 'under_review' || dispute.status === 'warning_under_review'
            ? 'This dispute is already under review; evidence can no longer be submitted.'
            : `This dispute is already closed (${dispute.status}).`,
      });
    const evidence = p.evidence;
    if (
      evidence !== undefined &&
      (typeof evidence !== 'object' || evidence === null || Array.isArray(evidence))
    )
      throw invalid('Invalid evidence: must be an object', 'evidence');
    for (const [k, v] of Object.entries((evidence ?? {}) as Record<string, unknown>)) {
      if (!(EVIDENCE_FIELDS as readonly string[]).includes(k))
        throw invalid(`Received unknown parameter: evidence[${k}]`, `evidence[${k}]`);
      if (typeof v !== 'string') throw invalid(`Invalid string: evidence[${k}]`, `evidence[${k}]`);
      if (v.length > 20_000)
        throw invalid(`evidence[${k}] must be at most 20000 characters`, `evidence[${k}]`);
      dispute.evidence[k] = v;
    }
    if (p.metadata) dispute.metadata = { ...dispute.metadata, ...metadata(p.metadata) };
    dispute.evidence_details.has_evidence = Object.values(dispute.evidence).some((v) => v);
    const submit = str(p.submit) === undefined ? true : String(p.submit) === 'true';
    if (!submit) {
      await this.store.put(tx, dispute);
      await this.store.emit(tx, 'charge.dispute.updated', dispute, req);
      return dispute;
    }
    dispute.status = 'under_review';
    dispute.evidence_details.submission_count += 1;
    await this.store.put(tx, dispute);
    await this.store.emit(tx, 'charge.dispute.updated', dispute, req);
    const answer = structuredClone(dispute);
    const text = String(dispute.evidence.uncategorized_text ?? '');
    if (text.includes('winning_evidence')) await decide(this.store, tx, dispute, 'won', req);
    else if (text.includes('losing_evidence')) await decide(this.store, tx, dispute, 'lost', req);
    return answer;
  }

  /** `POST /v1/disputes/{id}/close`: the merchant accepts the dispute; it is lost at once. */
  async closeDispute(tx: Executor, id: string, req: RequestInfo) {
    const dispute = await this.getDispute(tx, id);
    if (CLOSED.has(dispute.status))
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        message: `This dispute is already closed (${dispute.status}).`,
      });
    if (!OPEN.has(dispute.status))
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        message: 'This dispute is under review and can no longer be accepted.',
      });
    await decide(this.store, tx, dispute, 'lost', req);
    return dispute;
  }

  /** Tests and demos: the network decides a dispute under review (or still open) now. */
  async decideDispute(tx: Executor, id: string, outcome: unknown, req: RequestInfo) {
    if (outcome !== 'won' && outcome !== 'lost') throw invalid('outcome must be won or lost', 'outcome');
    const dispute = await this.getDispute(tx, id);
    if (CLOSED.has(dispute.status))
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        message: `This dispute is already closed (${dispute.status}).`,
      });
    await decide(this.store, tx, dispute, outcome, req);
    return dispute;
  }
}

/** The `/v1/disputes` routes the SDK calls (on the sandbox's secret-key API). */
export function disputeApiRoutes(
  api: express.Router,
  route: (h: Handler) => express.RequestHandler,
  disputes: DisputesEmulator,
) {
  const q = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  api.get(
    '/disputes',
    route((tx, req) => {
      const n = Number(req.query.limit);
      return disputes.listDisputes(
        tx,
        { charge: q(req.query.charge), payment_intent: q(req.query.payment_intent) },
        Number.isInteger(n) && n >= 1 && n <= 100 ? n : 10,
      );
    }),
  );
  api.get(
    '/disputes/:id',
    route((tx, req) => disputes.getDispute(tx, String(req.params.id))),
  );
  api.post(
    '/disputes/:id',
    route((tx, req, info) => disputes.updateDispute(tx, String(req.params.id), req.body ?? {}, info)),
  );
  api.post(
    '/disputes/:id/close',
    route((tx, req, info) => disputes.closeDispute(tx, String(req.params.id), info)),
  );
}

/**
 * The test and demo surface (`/sandbox/disputes/stripe`, the sandbox's own address like the fault switch; never in
 * production): `POST /{id}/decide {"outcome":"won"|"lost"}` closes a dispute as the network would.
 */
export function disputeTestRouter(
  route: (h: Handler) => express.RequestHandler,
  disputes: DisputesEmulator,
): express.Router {
  const router = express.Router();
  router.post(
    '/:id/decide',
    express.json(),
    route((tx, req, info) =>
      disputes.decideDispute(tx, String(req.params.id), (req.body ?? {}).outcome, info),
    ),
  );
  return router;
}
