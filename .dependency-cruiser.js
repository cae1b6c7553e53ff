// The import rules `npm run lint` enforces (dependency-cruiser; docs/conventions.md explains each layer).
// Only the source folders are cruised (`npm run lint:deps` names them); tests may reach across to start a
// service or a harness. Paths are relative to the repository root, after workspace links are resolved
// (`@brigade/kit` is `kit/src/...`).

const SERVICE_LAYER = (layers) => `^services/[^/]+/src/(${layers.join('|')})/`;

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No circular imports: a cycle makes load order matter and the layers meaningless.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'services-not-each-other',
      severity: 'error',
      comment:
        'A service never imports another service: they share contracts and kit, and talk over HTTP and events.',
      from: { path: '^services/([^/]+)/' },
      to: { path: '^services/[^/]+/', pathNot: '^services/$1/' },
    },
    {
      name: 'services-not-sandboxes',
      severity: 'error',
      comment:
        'A service reaches a sandbox exactly as it reaches the real provider (the SDK pointed at its host), never by import.',
      from: { path: '^services/' },
      to: { path: '^sandboxes/' },
    },
    {
      name: 'sandboxes-not-services',
      severity: 'error',
      comment: 'A sandbox stands in for an outside provider: it knows no service from the inside.',
      from: { path: '^sandboxes/' },
      to: { path: '^services/' },
    },
    {
      name: 'web-only-contracts',
      severity: 'error',
      comment: 'The web app speaks the contracts: from the backend side it imports @brigade/contracts only.',
      from: { path: '^web/' },
      to: { path: '^(kit|gateway|services|sandboxes|scripts|tests)/' },
    },
    {
      name: 'domain-not-adapters',
      severity: 'error',
      comment: 'domain/ is plain rules: it imports nothing from http/, db/ or events/.',
      from: { path: SERVICE_LAYER(['domain']) },
      to: { path: SERVICE_LAYER(['http', 'db', 'events']) },
    },
    {
      name: 'http-reads-queries-writes-use-cases',
      severity: 'error',
      comment:
        'A router reads through queries/ and writes through use-cases/: it never reaches a repository, a handler or a loop.',
      from: { path: SERVICE_LAYER(['http']) },
      to: { path: SERVICE_LAYER(['db', 'events', 'scheduler']) },
    },
    {
      name: 'events-call-use-cases',
      severity: 'error',
      comment:
        'A subscription row calls a use case; it never writes a table itself or reaches HTTP or queries.',
      from: { path: SERVICE_LAYER(['events']) },
      to: { path: SERVICE_LAYER(['db', 'http', 'queries', 'scheduler']) },
    },
    {
      name: 'scheduler-calls-use-cases',
      severity: 'error',
      comment: 'A loop (scheduler/) runs use cases on a clock; it knows no HTTP and no handler.',
      from: { path: SERVICE_LAYER(['scheduler']) },
      to: { path: SERVICE_LAYER(['http', 'events']) },
    },
    {
      name: 'domain-is-plain-rules',
      severity: 'error',
      comment: 'domain/ imports no use case, query, loop or adapter.',
      from: { path: SERVICE_LAYER(['domain']) },
      to: { path: SERVICE_LAYER(['use-cases', 'queries', 'scheduler', 'adapters', 'webhooks']) },
    },
    {
      name: 'db-not-callers',
      severity: 'error',
      comment: 'db/ (repositories, schema, migrations) imports no use case, query, HTTP, handler or loop.',
      from: { path: SERVICE_LAYER(['db']) },
      to: { path: SERVICE_LAYER(['use-cases', 'queries', 'http', 'events', 'scheduler']) },
    },
    {
      name: 'queries-read-only',
      severity: 'error',
      comment:
        'queries/ is the read side: views, presenters and caches of answers. It calls no use case or adapter.',
      from: { path: SERVICE_LAYER(['queries']) },
      to: { path: SERVICE_LAYER(['use-cases', 'http', 'events', 'scheduler']) },
    },
    {
      name: 'kit-not-callers',
      severity: 'error',
      comment: 'kit/ is the shared toolbox: it imports no service, gateway, sandbox or web code.',
      from: { path: '^kit/' },
      to: { path: '^(services|gateway|sandboxes|web)/' },
    },
    {
      name: 'contracts-leaf',
      severity: 'error',
      comment: 'contracts/ is a leaf: it imports nothing of ours but itself.',
      from: { path: '^contracts/' },
      to: { path: '^(kit|gateway|services|sandboxes|web|scripts|tests)/' },
    },
    {
      name: 'gateway-not-services',
      severity: 'error',
      comment: 'The gateway reaches services over HTTP, never by import.',
      from: { path: '^gateway/' },
      to: { path: '^services/' },
    },
    {
      name: 'web-shared-not-features',
      severity: 'error',
      comment:
        'web/src/shared/ is the library every feature uses (API base, hooks, formatting, i18n, components): it imports no feature and not the app root.',
      from: { path: '^web/src/shared/' },
      to: { path: '^web/src/(features|app)/' },
    },
    {
      name: 'web-features-meet-through-faces',
      severity: 'error',
      comment: "A feature uses another feature only through that feature's index.ts.",
      from: { path: '^web/src/features/([^/]+)/' },
      to: {
        path: '^web/src/features/[^/]+/',
        pathNot: ['^web/src/features/$1/', '^web/src/features/[^/]+/index\\.tsx?$'],
      },
    },
    {
      name: 'web-features-not-app',
      severity: 'error',
      comment:
        'web/src/app/ is the composition root (router, lazy routes, store, start): features never import it.',
      from: { path: '^web/src/features/' },
      to: { path: '^web/src/app/' },
    },
    {
      name: 'use-cases-not-http',
      severity: 'error',
      comment: 'use-cases/ know nothing of HTTP: routes call them, not the other way round.',
      from: { path: SERVICE_LAYER(['use-cases']) },
      to: { path: SERVICE_LAYER(['http']) },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|test)/|\\.test\\.tsx?$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types'],
    },
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'metadata' },
    progress: { type: 'none' },
  },
};
