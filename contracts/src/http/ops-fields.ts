import { z } from 'zod';

// Fields the ops schemas share; ops.ts does not re-export them, so they stay out of `opsHttp`.
export const Id = z.string().uuid();
export const Cents = z.number().int();
/** A seat of a posting (issue 35): 1 to its headcount. */
export const SeatNo = z.coerce
  .number({ error: 'seat_no is a seat number from 1 to 20' })
  .int('seat_no is a seat number from 1 to 20')
  .min(1, 'seat_no is a seat number from 1 to 20')
  .max(20, 'seat_no is a seat number from 1 to 20');
/** A seat named in a JSON body. */
export const SeatNoBody = z
  .number({ error: 'seat_no is a seat number from 1 to 20' })
  .int('seat_no is a seat number from 1 to 20')
  .min(1, 'seat_no is a seat number from 1 to 20')
  .max(20, 'seat_no is a seat number from 1 to 20');

/**
 * On the routes the gateway merges from every service (timeline, audit, dead letters): the services that did
 * not answer, whose part is missing (absent when all answered).
 */
export const Unavailable = z.array(z.string()).optional();
