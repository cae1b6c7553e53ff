import { createLogger, listen, localKeys, type RunningServer } from '@brigade/kit';
import { createGateway } from '../../src/app';
import { loadGatewayConfig } from '../../src/config';
import { MemoryRateLimiter } from '../../src/rate-limit';

/** A gateway with no services that serves the web app built into `dist` (the tests' own files). */
export function webGateway(dist: string): Promise<RunningServer> {
  const app = createGateway({
    config: loadGatewayConfig({ PUBLIC_URL: 'http://localhost:8080', WEB_DIST: dist }),
    services: {},
    rateLimiter: new MemoryRateLimiter(),
    keys: localKeys({ keys: [] }),
    logger: createLogger('gateway-test'),
  });
  return listen(app);
}
