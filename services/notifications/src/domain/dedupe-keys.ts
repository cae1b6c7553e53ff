/**
 * The dedupe key of a text about one seat of a job (issue 35, ADR 0030), from the key it had before seats:
 * seat 1 (and a fact of the whole posting, seat null or 0) keeps that key exactly, so a text already sent
 * before the deploy is not sent again when its event is replayed; seats 2 and up get `:seat:{n}` after it,
 * so the texts of two seats of one job are two texts.
 */
export function perSeat(key: string, seatNo: number | null | undefined): string {
  return seatNo && seatNo > 1 ? `${key}:seat:${seatNo}` : key;
}

/**
 * The dedupe key of a text about several seats of a job at once (the unbooked seats that expired at the start):
 * `:seat:{n,m}` after its key, the seats in order, so the same seats announced again send nothing.
 */
export function forSeats(key: string, seats: number[]): string {
  return `${key}:seat:${[...seats].sort((a, b) => a - b).join(',')}`;
}
