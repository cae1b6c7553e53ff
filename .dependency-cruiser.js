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
      to: { path: '^(kit|gateway|services|sandboxes|scripts|load-tests|hardening|e2e)/' },
    },
    {
      name: 'domain-not-adapters',
      severity: 'error',
      comment: 'domain/ is plain rules: it imports nothing from http/, db/ or events/.',
      from: { path: SERVICE_LAYER(['domain']) },
      to: { path: SERVICE_LAYER(['http', 'db', 'events']) },
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
