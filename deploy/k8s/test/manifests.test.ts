// The Kubernetes manifests (deploy/k8s) as a cluster would receive them: both overlays rendered by
// `kubectl kustomize`, every object checked against the Kubernetes API schema offline (kubernetes-models), then
// the rules a platform team relies on. Without kubectl the suite is skipped on a laptop and fails in CI.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';

const K8S = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type Obj = Record<string, any>;

const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' });
const haveKubectl = kubectl.status === 0;
if (!haveKubectl && process.env.CI)
  throw new Error('CI must render the Kubernetes manifests: install kubectl (.ci/run does)');

function render(overlay: string): Obj[] {
  const out = spawnSync('kubectl', ['kustomize', path.join(K8S, 'overlays', overlay)], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (out.status !== 0) throw new Error(`kubectl kustomize ${overlay}: ${out.stderr}`);
  return parseAllDocuments(out.stdout)
    .map((d) => d.toJS() as Obj)
    .filter(Boolean);
}

/** The kubernetes-models class for an object's apiVersion and kind (`apps/v1` Deployment...). */
async function modelOf(obj: Obj): Promise<new (data: Obj) => { validate(): void }> {
  const mod = await import(`kubernetes-models/${obj.apiVersion}`);
  const Model = mod[obj.kind];
  if (!Model) throw new Error(`no schema for ${obj.apiVersion} ${obj.kind}`);
  return Model;
}

const PROCESSES: Record<string, number> = {
  gateway: 8080,
  identity: 4001,
  jobs: 4002,
  payments: 4003,
  messaging: 4004,
  notifications: 4005,
};
/** The providers' sandboxes: the dev overlay only (production never runs one). No metrics port. */
const SANDBOXES: Record<string, number> = {
  'stripe-sandbox': 4010,
  'sms-sandbox': 4011,
};
const PORTS: Record<string, number> = { ...PROCESSES, ...SANDBOXES };
const isSandbox = (name: string) => name in SANDBOXES;
/** What a service needs without provider keys: where its SDK goes, and what the gateway shows. */
const SANDBOX_URLS = [
  'STRIPE_API_URL',
  'STRIPE_SANDBOX_URL',
  'STRIPE_SANDBOX_WEBHOOK_URL',
  'SMS_SANDBOX_URL',
  'TWILIO_API_BASE_URL',
  'TWILIO_VERIFY_API_BASE_URL',
];
const METRICS_PORT = 9464;
/** Variables that carry credentials: never a literal value, never in the ConfigMap. */
const SECRET_NAME = /(DATABASE_URL|AMQP_URL|REDIS_URL|SECRET|TOKEN|PASSWORD|API_KEY|_SID|PRIVATE)/;

const d = haveKubectl ? describe : describe.skip;

d.each(['production', 'dev'])('the %s overlay', (overlay) => {
  const objects = haveKubectl ? render(overlay) : [];
  const of = (kind: string) => objects.filter((o) => o.kind === kind);
  const deployments = of('Deployment');
  const named = (kind: string, name: string) => of(kind).find((o) => o.metadata.name === name);
  const podLabels = (dep: Obj) => dep.spec.template.metadata.labels as Record<string, string>;
  const selects = (selector: Record<string, string>, labels: Record<string, string>) =>
    Object.entries(selector).every(([k, v]) => labels[k] === v);

  test('every object is valid against the Kubernetes API schema', async () => {
    expect(objects.length).toBeGreaterThan(20);
    for (const obj of objects) {
      const Model = await modelOf(obj);
      expect(() => new Model(obj).validate()).not.toThrow();
    }
    // and the validator does refuse a broken object
    const broken = structuredClone(deployments[0]);
    broken.spec.template.spec.containers[0].resources.limits.cpu = 'one core';
    const Model = await modelOf(broken);
    expect(() => new Model(broken).validate()).toThrow(/cpu/);
  });

  test('one Deployment and one Service for the gateway and each of the five services (and the sandboxes in dev)', () => {
    const expected = overlay === 'dev' ? Object.keys(PORTS) : Object.keys(PROCESSES);
    expect(deployments.map((x) => x.metadata.name).sort()).toEqual(expected.sort());
    for (const dep of deployments) {
      const service = named('Service', dep.metadata.name)!;
      expect(service).toBeDefined();
      expect(selects(service.spec.selector, podLabels(dep))).toBe(true);
      const ports = service.spec.ports.map((p: Obj) => p.port).sort();
      // a sandbox serves no metrics (runSandbox starts none)
      const name = dep.metadata.name;
      expect(ports).toEqual(isSandbox(name) ? [PORTS[name]] : [PORTS[name], METRICS_PORT].sort());
    }
  });

  test("probes on every container, on the process's own port and health endpoints", () => {
    for (const dep of deployments) {
      for (const c of dep.spec.template.spec.containers) {
        const http = c.ports.find((p: Obj) => p.name === 'http');
        expect(http.containerPort).toBe(PORTS[dep.metadata.name]);
        // the process listens where the probes look: PORT is the container port
        expect(c.env.find((e: Obj) => e.name === 'PORT').value).toBe(String(http.containerPort));
        for (const probe of ['readinessProbe', 'livenessProbe', 'startupProbe'])
          expect(c[probe]?.httpGet?.port).toBe('http');
        expect(c.livenessProbe.httpGet.path).toBe('/health');
        // the gateway's /ready asks every service: one down must not pull the whole site out of the Ingress
        expect(c.readinessProbe.httpGet.path).toBe(dep.metadata.name === 'gateway' ? '/health' : '/ready');
      }
    }
  });

  test('CPU and memory requests and limits on every container', () => {
    const bytes = (q: string) => Number(q.replace(/Mi$/, '')) * 2 ** 20;
    const cores = (q: string) => (q.endsWith('m') ? Number(q.slice(0, -1)) / 1000 : Number(q));
    for (const dep of deployments) {
      for (const c of dep.spec.template.spec.containers) {
        const { requests, limits } = c.resources;
        expect(cores(requests.cpu)).toBeGreaterThan(0);
        expect(cores(limits.cpu)).toBeGreaterThanOrEqual(cores(requests.cpu));
        expect(bytes(requests.memory)).toBeGreaterThan(0);
        expect(bytes(limits.memory)).toBeGreaterThanOrEqual(bytes(requests.memory));
      }
    }
  });

  test('credentials only through Secrets (secretKeyRef), never inline', () => {
    expect(of('Secret')).toEqual([]); // created beside the overlay, never rendered from the repository
    for (const dep of deployments) {
      for (const c of dep.spec.template.spec.containers) {
        const secrets = (c.env as Obj[]).filter((e) => SECRET_NAME.test(e.name));
        expect(secrets.length).toBeGreaterThan(0);
        for (const e of secrets) {
          expect(e.value).toBeUndefined();
          // each sandbox signs its webhooks with the checking service's own secret: one value, never two that
          // drift (Stripe's with payments', the SMS sandbox's with notifications')
          const owner =
            dep.metadata.name === 'stripe-sandbox' && e.name === 'STRIPE_WEBHOOK_SECRET'
              ? 'payments'
              : dep.metadata.name === 'sms-sandbox' && e.name === 'SMS_SANDBOX_AUTH_TOKEN'
                ? 'notifications'
                : dep.metadata.name;
          expect(e.valueFrom.secretKeyRef).toEqual(
            expect.objectContaining({ name: `brigade-${owner}`, key: e.name }),
          );
        }
      }
    }
    for (const cm of of('ConfigMap'))
      for (const key of Object.keys(cm.data ?? {})) expect(key).not.toMatch(SECRET_NAME);
  });

  test('non-root, read-only root filesystem, no privilege escalation, no capabilities, seccomp', () => {
    for (const dep of deployments) {
      const pod = dep.spec.template.spec;
      expect(pod.securityContext).toEqual(
        expect.objectContaining({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } }),
      );
      expect(pod.securityContext.runAsUser).toBeGreaterThan(0);
      expect(pod.automountServiceAccountToken).toBe(false);
      for (const c of pod.containers) {
        expect(c.securityContext).toEqual({
          allowPrivilegeEscalation: false,
          readOnlyRootFilesystem: true,
          capabilities: { drop: ['ALL'] },
        });
        // tsx's compile cache: the one place the process writes, an emptyDir
        const tmp = c.volumeMounts.find((m: Obj) => m.mountPath === '/tmp');
        expect(pod.volumes.find((v: Obj) => v.name === tmp.name).emptyDir).toBeDefined();
      }
    }
  });

  test('images pinned by tag, never latest', () => {
    for (const dep of deployments) {
      for (const c of dep.spec.template.spec.containers) {
        const tag = /:([^/:@]+)$/.exec(c.image)?.[1];
        expect(tag).toMatch(/^\d+\.\d+\.\d+/);
        expect(c.image).not.toMatch(/:latest$/);
      }
    }
  });

  test('a PodDisruptionBudget for every Deployment', () => {
    for (const dep of deployments) {
      const pdbs = of('PodDisruptionBudget').filter((p) =>
        selects(p.spec.selector.matchLabels, podLabels(dep)),
      );
      expect(pdbs).toHaveLength(1);
    }
  });

  test('autoscaling for the gateway, jobs and messaging only (none in dev)', () => {
    const hpas = of('HorizontalPodAutoscaler');
    if (overlay === 'dev') {
      expect(hpas).toEqual([]);
      for (const dep of deployments) expect(dep.spec.replicas).toBe(1);
      return;
    }
    expect(hpas.map((h) => h.apiVersion)).toEqual(hpas.map(() => 'autoscaling/v2'));
    expect(hpas.map((h) => h.spec.scaleTargetRef.name).sort()).toEqual(['gateway', 'jobs', 'messaging']);
    for (const dep of deployments) {
      const scaled = hpas.some((h) => h.spec.scaleTargetRef.name === dep.metadata.name);
      // the autoscaler owns the count; the others keep two for the disruption budget to mean something
      if (scaled) expect(dep.spec.replicas).toBeUndefined();
      else expect(dep.spec.replicas).toBe(2);
    }
  });

  test('NetworkPolicies: services take traffic from the gateway and the scraper only', () => {
    const policies = of('NetworkPolicy');
    const deny = policies.find((p) => Object.keys(p.spec.podSelector).length === 0);
    expect(deny!.spec).toEqual({ podSelector: {}, policyTypes: ['Ingress'] });
    const scraper = (rule: Obj) =>
      rule.from.every((f: Obj) => f.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name']) &&
      rule.ports.every((p: Obj) => p.port === METRICS_PORT);
    /** A source as one word: `gateway` (a pod's name), `component=service`, `namespace=ingress-nginx`. */
    const source = (from: Obj) => {
      expect(Object.keys(from)).toHaveLength(1);
      const pods = from.podSelector?.matchLabels;
      if (pods?.['app.kubernetes.io/name']) return pods['app.kubernetes.io/name'];
      if (pods) return `component=${pods['app.kubernetes.io/component']}`;
      return `namespace=${from.namespaceSelector.matchLabels['kubernetes.io/metadata.name']}`;
    };
    const dev = overlay === 'dev';
    const allowed: Record<string, string[]> = {
      gateway: ['namespace=ingress-nginx'],
      // the services fetch identity's public keys (JWKS) to verify tokens
      identity: ['gateway', 'component=service'],
      jobs: ['gateway'],
      // in dev, the Stripe sandbox delivers its webhooks
      payments: dev ? ['gateway', 'stripe-sandbox'] : ['gateway'],
      messaging: ['gateway'],
      // in dev, the SMS sandbox delivers its webhooks (delivery statuses, texts to Brigade)
      notifications: dev ? ['gateway', 'sms-sandbox'] : ['gateway'],
      // payments' SDK, and the browser's pages through the gateway
      'stripe-sandbox': ['payments', 'gateway'],
      // identity's and notifications' SDKs, and the outbox through the gateway
      'sms-sandbox': ['identity', 'notifications', 'gateway'],
    };
    for (const dep of deployments) {
      const name = dep.metadata.name;
      const mine = policies.filter(
        (p) => p !== deny && selects(p.spec.podSelector.matchLabels, podLabels(dep)),
      );
      expect(mine).toHaveLength(1);
      const rules: Obj[] = mine[0].spec.ingress;
      expect(rules.filter(scraper)).toHaveLength(isSandbox(name) ? 0 : 1);
      const others = rules.filter((r) => !scraper(r));
      for (const rule of others) expect(rule.ports).toEqual([{ port: PORTS[name] }]);
      const sources = others.flatMap((r) => r.from.map(source));
      expect([name, sources.sort()]).toEqual([name, [...allowed[name]].sort()]);
    }
  });

  test('metrics: every pod declares scraping on METRICS_PORT, which the configuration sets', () => {
    const config = of('ConfigMap').find((c) => c.metadata.name.startsWith('brigade-config'))!;
    expect(config.data.METRICS_PORT).toBe(String(METRICS_PORT));
    for (const dep of deployments) {
      const { annotations } = dep.spec.template.metadata;
      if (isSandbox(dep.metadata.name)) {
        // a sandbox serves no metrics: declaring scraping would be a target always down
        expect(annotations?.['prometheus.io/scrape']).toBeUndefined();
      } else {
        expect(annotations['prometheus.io/scrape']).toBe('true');
        expect(annotations['prometheus.io/port']).toBe(String(METRICS_PORT));
      }
      expect(dep.spec.template.spec.containers[0].envFrom[0].configMapRef.name).toBe(config.metadata.name);
    }
  });

  test('one Ingress, to the gateway only', () => {
    const ingresses = of('Ingress');
    expect(ingresses).toHaveLength(1);
    const backends = ingresses[0].spec.rules.flatMap((r: Obj) =>
      r.http.paths.map((p: Obj) => p.backend.service.name),
    );
    expect(new Set(backends)).toEqual(new Set(['gateway']));
  });

  test('providers: the dev overlay runs both sandboxes and gives every service their address; production none', () => {
    const config = of('ConfigMap').find((c) => c.metadata.name.startsWith('brigade-config'))!;
    const mentionsSandbox = (o: Obj) => /sandbox/i.test(JSON.stringify(o));
    if (overlay === 'production') {
      // no sandbox object, no sandbox address, no sandbox image: production only talks to Stripe and Twilio
      expect(objects.filter(mentionsSandbox).map((o) => `${o.kind}/${o.metadata.name}`)).toEqual([]);
      for (const key of SANDBOX_URLS) expect(config.data[key]).toBeUndefined();
      expect(config.data.NODE_ENV).toBe('production');
      return;
    }
    // both sandboxes from their own image, pinned, never the product's (which does not contain them)
    for (const name of Object.keys(SANDBOXES)) {
      const dep = named('Deployment', name)!;
      expect(dep.spec.template.spec.containers[0].image).toMatch(/^brigade\/sandboxes:\d+\.\d+\.\d+/);
    }
    // no provider keys, so every address a service needs is set, and each names a sandbox's Service and port
    // (payments: STRIPE_API_URL; identity: TWILIO_VERIFY_API_BASE_URL; notifications: TWILIO_API_BASE_URL; the
    // gateway: the pages and the outbox; the Stripe sandbox: payments' webhook endpoint)
    expect(config.data.SMS_SANDBOX).toBe('1');
    for (const key of SANDBOX_URLS) {
      const url = new URL(config.data[key]);
      const service = named('Service', url.hostname);
      expect([key, service?.spec.ports.map((p: Obj) => p.port)]).toEqual([
        key,
        expect.arrayContaining([Number(url.port)]),
      ]);
    }
    expect(new URL(config.data.STRIPE_API_URL).hostname).toBe('stripe-sandbox');
    expect(new URL(config.data.STRIPE_SANDBOX_URL).hostname).toBe('stripe-sandbox');
    expect(new URL(config.data.SMS_SANDBOX_URL).hostname).toBe('sms-sandbox');
    expect(new URL(config.data.TWILIO_API_BASE_URL).hostname).toBe('sms-sandbox');
    expect(new URL(config.data.TWILIO_VERIFY_API_BASE_URL).hostname).toBe('sms-sandbox');
    expect(config.data.STRIPE_SANDBOX_WEBHOOK_URL).toBe('http://payments:4003/payments/webhooks/stripe');
    // what the sandbox signs with is what payments checks: the same Secret key, required by the sandbox
    const webhookSecret = (name: string) =>
      named('Deployment', name)!.spec.template.spec.containers[0].env.find(
        (e: Obj) => e.name === 'STRIPE_WEBHOOK_SECRET',
      ).valueFrom.secretKeyRef;
    const sandboxRef = webhookSecret('stripe-sandbox');
    expect({ name: sandboxRef.name, key: sandboxRef.key }).toEqual({
      name: webhookSecret('payments').name,
      key: webhookSecret('payments').key,
    });
    expect(sandboxRef.optional).toBeUndefined();
  });
});
