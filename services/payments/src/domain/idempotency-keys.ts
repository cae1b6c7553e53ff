/**
 * The idempotency key of a provider call, and of the ledger entry it books, for one seat of a job (issue 35,
 * ADR 0030). Seat 1 (every job before seats) and seat 0 (the posting's own: its escrow PaymentIntent) keep the
 * keys they always had, `job:{id}:{what}`, so a retry across the deploy asks the provider for the same object;
 * seats 2 and up name their seat, `job:{id}:seat:{n}:{what}`. `what` is the movement (`transfer`, `refund`,
 * `payment_intent`, `fee`, `charge`), with `:extra` for a timesheet's extra.
 */
export function seatKey(jobId: string, seatNo: number, what: string): string {
  if (!Number.isInteger(seatNo) || seatNo < 0 || seatNo > 20)
    throw new Error(`a seat is a whole number from 0 to 20: ${seatNo}`);
  return seatNo <= 1 ? `job:${jobId}:${what}` : `job:${jobId}:seat:${seatNo}:${what}`;
}

/** A movement's key: its kind, and `:extra` when it belongs to a timesheet's extra. */
export const movementKey = (jobId: string, seatNo: number, kind: string, part: string) =>
  seatKey(jobId, seatNo, `${kind}${part === 'extra' ? ':extra' : part === 'escrow' ? '' : `:${part}`}`);

/**
 * The seat in a provider object's metadata: named only for seats 2 and up, so that seat 1's requests are exactly
 * what they were before seats (the provider refuses an idempotency key reused with other parameters, and a task
 * issued before the deploy may be retried after it).
 */
export const seatMetadata = (seatNo: number): Record<string, string> =>
  seatNo > 1 ? { seat_no: String(seatNo) } : {};

/** The seat a provider object's metadata names: 1 when it names none (seat 1, or an object from before seats). */
export function seatOfMetadata(metadata: Record<string, string> | null | undefined): number {
  const n = Number(metadata?.seat_no ?? 1);
  return Number.isInteger(n) && n >= 1 && n <= 20 ? n : 1;
}

/**
 * An edit's part of a job's money (issue 35, ADR 0031): its charge and refund are booked at seat 0 with it, and
 * a seat's refund taken from that edit's charge is booked with it too.
 */
export const editPart = (editId: string) => `edit:${editId}` as const;

/** The edit of a part, or null when the part is the escrow's or an extra's. */
export const editOfPart = (part: string): string | null => (part.startsWith('edit:') ? part.slice(5) : null);

/** An edit's provider calls: `job:{id}:edit:{editId}:charge` (its rise) and `...:refund` (its fall, or its drop). */
export const editKey = (jobId: string, editId: string, what: 'charge' | 'refund') =>
  `job:${jobId}:edit:${editId}:${what}`;
