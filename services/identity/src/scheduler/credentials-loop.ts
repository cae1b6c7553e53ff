import { WorkLoop } from '@brigade/kit';
import type { IdentityContext } from '../context';
import { announceNextExpiringCredential } from '../use-cases/announce-expiring-credential';

/** Credentials announced per pass before the loop starts another (a pass that did work runs again at once). */
const BATCH = 25;

/**
 * Identity's one timed rule (issue 39): verified credentials that stop counting within CREDENTIAL_EXPIRY_NOTICE
 * are announced once each (`identity.credential.expiring.v1`), by the injected clock, every
 * CREDENTIAL_SWEEP_POLL_MS. Any number of instances may run: each credential is claimed with SKIP LOCKED and
 * marked in the transaction that publishes it.
 */
export class CredentialsLoop {
  private readonly loop: WorkLoop;

  constructor(
    private readonly ctx: IdentityContext,
    pollMs: number,
  ) {
    this.loop = new WorkLoop({
      name: 'identity credentials',
      pollMs,
      logger: ctx.logger,
      pass: () => this.pass(),
    });
  }

  start() {
    this.loop.start();
  }

  stop() {
    return this.loop.stop();
  }

  /** One pass: the credentials due their notice, at most BATCH. Returns how many were announced. */
  async pass(): Promise<number> {
    let announced = 0;
    while (announced < BATCH && (await announceNextExpiringCredential(this.ctx))) announced++;
    return announced;
  }
}
