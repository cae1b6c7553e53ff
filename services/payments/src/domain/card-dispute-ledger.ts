// Issue 38 (ADR 0035): a card dispute's own rule in `ledger:check`. Its movements are of part `dispute:{dp}`
// (the escrow's rules leave them out): the amount withdrawn from the platform when it opened (`dispute`), then
// won back (`dispute_won`) or lost (`dispute_lost`), and a lost one paid back by the restaurant (a `charge`).

export interface CardDisputeFacts {
  id: string;
  job_id: string;
  /** the provider's amount, as recorded */
  amount_cents: number;
  /** the provider's status: an inquiry (`warning_*`) withdraws nothing */
  status: string;
  outcome: 'won' | 'lost' | null;
  /** the restaurant paid a lost dispute back */
  settled: boolean;
  ledger: {
    withdrawn: number;
    won: number;
    lost: number;
    /** the restaurant's settlement charge */
    settled: number;
    /** the most entries of one kind (1: nothing booked twice) */
    entries_max: number;
  };
  /**
   * The job's escrow (every part but disputes), closed: then charged (escrow + settlement) = transferred + fee +
   * refunded + disputed_lost must hold once a lost dispute is settled. Null while the escrow is open.
   */
  job?: { charged: number; transferred: number; fee: number; refunded: number } | null;
}

export interface CardDisputeCheck {
  id: string;
  job_id: string;
  outcome: 'won' | 'lost' | null;
  amount_cents: number;
  /** a lost dispute the restaurant has not paid back: a debt, not a problem */
  owed_cents: number;
  ok: boolean;
  problems: string[];
}

/**
 * A dispute's rule: an inquiry (`warning_*`) moves nothing; a chargeback is withdrawn once, exactly its amount; open: nothing won, lost or settled yet; won:
 * `dispute_won` = withdrawn, nothing lost or settled; lost: `dispute_lost` = withdrawn, and once settled the
 * settlement charge = lost and the job's identity charged = transferred + fee + refunded + disputed_lost holds;
 * lost and not settled: the amount is owed (reported, not a problem); nothing ever booked twice.
 */
export function cardDisputeProblems(f: CardDisputeFacts): CardDisputeCheck {
  const { withdrawn, won, lost, settled } = f.ledger;
  const problems: string[] = [];
  if (f.ledger.entries_max > 1) problems.push('more than one ledger entry of a kind');
  if (f.status.startsWith('warning_')) {
    // An inquiry: nothing withdrawn, won, lost or paid back.
    if (withdrawn + won + lost + settled > 0)
      problems.push(
        `an inquiry moved money: withdrawn ${withdrawn}, won ${won}, lost ${lost}, settled ${settled}`,
      );
  } else if (withdrawn !== f.amount_cents)
    problems.push(`withdrawn ${withdrawn} != the dispute's amount ${f.amount_cents}`);
  if (f.outcome === null && won + lost + settled > 0)
    problems.push(`open dispute already booked: won ${won}, lost ${lost}, settled ${settled}`);
  if (f.outcome === 'won') {
    if (won !== withdrawn) problems.push(`won dispute gave back ${won} != withdrawn ${withdrawn}`);
    if (lost + settled > 0) problems.push(`won dispute booked as lost ${lost} or settled ${settled}`);
  }
  let owed = 0;
  if (f.outcome === 'lost') {
    if (won > 0) problems.push(`lost dispute booked as won ${won}`);
    if (lost !== withdrawn) problems.push(`lost dispute booked a loss of ${lost} != withdrawn ${withdrawn}`);
    if (f.settled) {
      if (settled !== lost) problems.push(`settlement charged ${settled} != lost ${lost}`);
      const j = f.job;
      if (j && j.charged + settled !== j.transferred + j.fee + j.refunded + lost)
        problems.push(
          `charged ${j.charged} + settlement ${settled} != transferred ${j.transferred} + fee ${j.fee} + refunded ${j.refunded} + disputed_lost ${lost}`,
        );
    } else {
      if (settled > 0) problems.push(`unsettled dispute has a settlement charge of ${settled}`);
      owed = lost;
    }
  } else if (f.settled) problems.push('a dispute not lost is marked settled');
  return {
    id: f.id,
    job_id: f.job_id,
    outcome: f.outcome,
    amount_cents: f.amount_cents,
    owed_cents: owed,
    ok: problems.length === 0,
    problems,
  };
}
