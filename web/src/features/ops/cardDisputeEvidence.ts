import { payHttp } from '@brigade/contracts';
import type { EvidenceEntry, EvidenceSection } from './cardDisputesApi';

/** The most a section may hold when sent (the contract's EvidenceText). */
export const SECTION_MAX = 20_000;

export interface EvidenceGroup {
  section: EvidenceSection;
  entries: EvidenceEntry[];
  /** the text sent for the section: its entries' titles and texts, whole, as far as SECTION_MAX allows */
  text: string;
  /** entries left out of `text` (the section would pass SECTION_MAX) */
  leftOut: number;
}

/**
 * A job's evidence grouped by Stripe's sections, in the contract's order (the gateway merged them by section
 * then time; this keeps that order within a section). Each group's text is what "Submit evidence" sends: every
 * entry's title and text, whole entries only, up to SECTION_MAX characters.
 */
export function groupEvidence(entries: readonly EvidenceEntry[]): EvidenceGroup[] {
  return payHttp.EVIDENCE_SECTIONS.flatMap((section) => {
    const own = entries.filter((e) => e.section === section);
    if (own.length === 0) return [];
    let text = '';
    let leftOut = 0;
    for (const e of own) {
      const piece = `${e.title}\n${e.text}`;
      const next = text ? `${text}\n\n${piece}` : piece;
      if (next.length <= SECTION_MAX && leftOut === 0) text = next;
      else leftOut += 1;
    }
    return [{ section, entries: own, text, leftOut }];
  });
}

/** The evidence body of `POST /ops/card-disputes/{id}/submit`: each section's text. */
export function evidenceBody(groups: readonly EvidenceGroup[]): Partial<Record<EvidenceSection, string>> {
  return Object.fromEntries(groups.filter((g) => g.text).map((g) => [g.section, g.text]));
}

const OPEN = new Set(['needs_response', 'warning_needs_response']);
const CLOSED = new Set(['won', 'lost', 'warning_closed']);

/** What the operator may still do with a dispute: submit or accept while it awaits a response, nothing after. */
export function disputeActions(d: {
  status: string;
  submitted_at: string | null;
  accepted_at: string | null;
}): { open: boolean; why: 'submitted' | 'accepted' | 'closed' | null } {
  if (d.accepted_at) return { open: false, why: 'accepted' };
  if (d.submitted_at) return { open: false, why: 'submitted' };
  if (CLOSED.has(d.status)) return { open: false, why: 'closed' };
  if (!OPEN.has(d.status)) return { open: false, why: 'submitted' };
  return { open: true, why: null };
}
