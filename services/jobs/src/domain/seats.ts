import type { JobRow } from './records';

/**
 * Seats per job. Every job has one until postings of several chefs arrive (ADR 30: then the job's `headcount`).
 */
export const seatsOf = (_job: Pick<JobRow, 'id'>): number => 1;

/**
 * The job's free seats: the one place that says how many chefs a job can still take (direct offers are limited
 * to them; an offer is accepted only into one). A seat is held by a chef who confirmed, and by an acceptance
 * awaiting its chef's answer (the restaurant chose them; the one-acceptance index counts it too). Only an open
 * job has free seats. Today: 1 while the job is open and nobody holds it, else 0.
 */
export function freeSeats(job: Pick<JobRow, 'id' | 'status'>, held: number): number {
  if (job.status !== 'open') return 0;
  return Math.max(0, seatsOf(job) - held);
}
