import { z } from 'zod';
import { ErrorBody, type RouteDoc } from './common';
import { identityRoutes } from './http/identity';
import { jobsRoutes } from './http/jobs-routes';
import { calendarRoutes } from './http/calendar';
import { paymentsRoutes } from './http/payments';
import { messagingRoutes } from './http/messaging';
import { notificationsRoutes } from './http/notifications';
import { opsRoutes } from './http/ops';

/** Every documented route of the API (paths under /api). */
export function allRoutes(): Array<RouteDoc & { service: string }> {
  const tag = (service: string, routes: RouteDoc[]) => routes.map((r) => ({ ...r, service }));
  return [
    ...tag('identity', identityRoutes),
    ...tag('jobs', jobsRoutes),
    ...tag('jobs', calendarRoutes),
    ...tag('payments', paymentsRoutes),
    ...tag('messaging', messagingRoutes),
    ...tag('notifications', notificationsRoutes),
    ...opsRoutes,
  ];
}

/** The OpenAPI 3 document, generated from the same zod schemas the services and the web client use. */
export function buildOpenApi(info: { version: string; serverUrl?: string } = { version: '0.1.0' }) {
  const components: Record<string, unknown> = {};
  const convert = (schema: z.ZodTypeAny, io: 'input' | 'output') => {
    const raw = z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' });
    const json: any = JSON.parse(
      JSON.stringify(raw)
        .replaceAll('#/definitions/', '#/components/schemas/')
        .replaceAll('#/$defs/', '#/components/schemas/'),
    );
    const defs = json.definitions ?? json.$defs ?? {};
    for (const [id, def] of Object.entries(defs)) components[id] ??= def;
    delete json.definitions;
    delete json.$defs;
    delete json.$schema;
    return json;
  };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of allRoutes()) {
    const answers: Record<string, unknown> = {
      ...(route.response ? { 'application/json': { schema: convert(route.response, 'output') } } : {}),
      ...Object.fromEntries((route.fileTypes ?? []).map((type) => [type, { schema: { type: 'string' } }])),
    };
    const op: Record<string, unknown> = {
      tags: [route.service],
      summary: route.summary,
      security: route.auth === 'public' ? [] : [{ bearer: [] }],
      responses: {
        [String(route.status ?? 200)]: {
          description: 'Success',
          ...(Object.keys(answers).length ? { content: answers } : {}),
        },
        '4XX': {
          description: 'Client error',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    };
    if (route.auth === 'chef' || route.auth === 'restaurant' || route.auth === 'operator')
      op.description = `Only for ${route.auth}s.`;
    const params = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    if (route.query) {
      const q = convert(route.query, 'input');
      for (const [name, schema] of Object.entries<any>(q.properties ?? {})) {
        params.push({ name, in: 'query', required: (q.required ?? []).includes(name), schema });
      }
    }
    if (params.length) op.parameters = params;
    if (route.body) {
      const type = route.bodyType === 'multipart' ? 'multipart/form-data' : 'application/json';
      const schema = convert(route.body, 'input');
      op.requestBody = {
        required: true,
        content:
          route.bodyType === 'multipart'
            ? { [type]: { schema }, 'application/json': { schema } }
            : { [type]: { schema } },
      };
    }
    (paths[route.path] ??= {})[route.method] = op;
  }
  components.Error = z.toJSONSchema(ErrorBody, { target: 'openapi-3.0' });
  delete (components.Error as any).$schema;
  return {
    openapi: '3.0.3',
    info: {
      title: 'Brigade API',
      version: info.version,
      description:
        'Short restaurant shifts: jobs, applications, escrow payments, messages. Errors are `{ error, code }`.',
    },
    servers: [{ url: info.serverUrl ?? '/api' }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: components,
    },
    paths,
  };
}
