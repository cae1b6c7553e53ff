import { DEFAULT_TIME_ZONE, type payHttp } from '@brigade/contracts';

// Issue 38: a job's evidence for a card dispute (`GET /ops/jobs/{jobId}/evidence`). Each service writes its part
// from its own records in plain English (the card network reads it); these are the shapes every part shares.

export type EvidenceEntry = payHttp.EvidenceEntry;
export type EvidenceSection = payHttp.EvidenceSection;

/** The most characters one entry holds: a longer text becomes several entries (part 1 of n, ...). */
export const EVIDENCE_ENTRY_MAX = 8_000;

/**
 * Entries of one section from its lines, each at most EVIDENCE_ENTRY_MAX characters: lines are kept whole
 * where they fit (a line longer than an entry is cut), and a text of several entries says which part each is.
 */
export function evidenceEntries(
  base: Omit<EvidenceEntry, 'text'>,
  lines: readonly string[],
): EvidenceEntry[] {
  const room = EVIDENCE_ENTRY_MAX;
  const chunks: string[] = [];
  let current = '';
  for (const raw of lines) {
    let line = raw;
    while (line.length > 0) {
      const sep = current ? 1 : 0;
      if (current.length + sep + line.length <= room) {
        current = current ? `${current}\n${line}` : line;
        line = '';
      } else if (current) {
        chunks.push(current);
        current = '';
      } else {
        chunks.push(line.slice(0, room));
        line = line.slice(room);
      }
    }
  }
  if (current) chunks.push(current);
  if (chunks.length <= 1) return chunks.map((text) => ({ ...base, text }));
  return chunks.map((text, i) => ({
    ...base,
    title: `${base.title} (part ${i + 1} of ${chunks.length})`,
    text,
  }));
}

/** An instant as the evidence says it: `Tuesday, December 1, 2026, 5:00 PM CST` in the restaurant's zone. */
export function evidenceTime(at: Date | string, timeZone: string = DEFAULT_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(at));
}

/** A date as the evidence says it: `Tuesday, December 1, 2026` in the restaurant's zone. */
export function evidenceDate(at: Date | string, timeZone: string = DEFAULT_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(new Date(at));
}

/** A time of day as the evidence says it: `5:00 AM CST` in the restaurant's zone. */
export function evidenceClock(at: Date | string, timeZone: string = DEFAULT_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(at));
}

/** Cents as dollars: `$85.60`. */
export const evidenceMoney = (cents: number): string => `$${(cents / 100).toFixed(2)}`;
