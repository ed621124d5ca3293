import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { PRODUCT_NAME } from '@releasebell/contract';
import type { FastifyContextConfig, FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config';
import { ownerOnly } from './session';

/** The security scheme's name in the document: the session cookie the identity service sets. */
const SESSION_SCHEME = 'session';
type SecurityRequirements = NonNullable<NonNullable<Parameters<SwaggerTransform>[0]['schema']>['security']>;
/** For `schema.security`: the operation answers 401 without a session (the default for such routes). */
const sessionRequired: SecurityRequirements = [{ [SESSION_SCHEME]: [] }];
/** For `schema.security`: the operation works signed out, and does more for a signed-in user. */
export const sessionOptional: SecurityRequirements = [{}, { [SESSION_SCHEME]: [] }];

/** For `schema.response`: an answer whose body is an image's bytes, typed by its Content-Type (not JSON). */
export const imageResponse = (description: string) => ({
  description,
  content: { 'image/*': { schema: z.any() } },
});

/**
 * better-auth's session cookie: `<cookiePrefix>.session_token`, with the `__Secure-` prefix when the
 * product is served over https (see `advanced` in modules/auth/auth.ts; openapi.test.ts checks the
 * name against a real sign-up).
 */
function sessionCookieName(config: Pick<Config, 'https'>): string {
  const name = 'releasebell.session_token';
  return config.https ? `__Secure-${name}` : name;
}

/**
 * For a route's `config.rawBody`: a request body of bytes (not JSON), which the route reads itself and
 * so cannot state as a validated `schema.body`; the document still says what to send.
 */
export const rawBody = (description: string, contentTypes: readonly string[]) => ({
  description,
  required: true,
  content: Object.fromEntries(
    contentTypes.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]),
  ),
});

declare module 'fastify' {
  interface FastifyContextConfig {
    rawBody?: ReturnType<typeof rawBody>;
  }
}

/** Fastify names a trailing wildcard `*`; OpenAPI path templates need a name. */
const WILDCARD_PARAM = 'path';

function hasOwnerOnlyHook(route: RouteOptions): boolean {
  const hooks = [route.onRequest, route.preHandler].flat();
  return hooks.includes(ownerOnly as (typeof hooks)[number]);
}

/**
 * Who may call an operation, decided here for every route: a route's own `schema.security` wins;
 * a route that runs `ownerOnly` or documents a 401 needs the session cookie; any other is public.
 */
function securityOf(route: RouteOptions, schema: Record<string, unknown>): SecurityRequirements {
  if (schema.security) return schema.security as SecurityRequirements;
  const responses = (route.schema?.response ?? {}) as Record<string, unknown>;
  return hasOwnerOnlyHook(route) || '401' in responses ? sessionRequired : [];
}

/** `GET /api/account/reset-password` -> `getApiAccountResetPassword`, for routes that name none. */
function derivedOperationId(method: string, url: string): string {
  const words = url
    .split('/')
    .filter((segment) => segment && !segment.startsWith(':') && segment !== '*')
    .flatMap((segment) => segment.split(/[^a-zA-Z0-9]+/))
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0]?.toUpperCase() + w.slice(1)).join('');
}

/** `/proxy-image/:provider/*` is documented as `/proxy-image/{provider}/{path}`. */
function renameWildcard(url: string, schema: Record<string, unknown>) {
  if (!url.endsWith('*')) return { url, schema };
  const params = schema.params as { properties?: Record<string, unknown>; required?: string[] } | undefined;
  const properties = Object.fromEntries(
    Object.entries(params?.properties ?? {}).map(([name, value]) => [
      name === '*' ? WILDCARD_PARAM : name,
      value,
    ]),
  );
  const required = params?.required?.map((name) => (name === '*' ? WILDCARD_PARAM : name));
  return {
    url: `${url.slice(0, -1)}:${WILDCARD_PARAM}`,
    schema: { ...schema, params: { ...params, properties, ...(required ? { required } : {}) } },
  };
}

const documentRoute: SwaggerTransform = (input) => {
  const transformed = jsonSchemaTransform(input);
  const schema = (transformed.schema ?? {}) as Record<string, unknown>;
  if (schema.hide) return transformed;
  const { route } = input;
  const method = Array.isArray(route.method) ? String(route.method[0]) : String(route.method);
  const renamed = renameWildcard(transformed.url, schema);
  const raw = (route.config as FastifyContextConfig | undefined)?.rawBody;
  return {
    url: renamed.url,
    schema: {
      ...renamed.schema,
      ...(raw ? { body: raw } : {}),
      operationId: (schema.operationId as string | undefined) ?? derivedOperationId(method, route.url),
      security: securityOf(route, schema),
    },
  };
};

const SCHEMA_REF = '#/components/schemas/';
interface OpenApiDocument {
  components?: { schemas?: Record<string, unknown> };
}

/**
 * The zod registry yields an input and an output variant of every named schema; only the ones some
 * operation refers to (directly or through another schema) belong in the document.
 */
function withoutUnusedSchemas(doc: OpenApiDocument): OpenApiDocument {
  const schemas: Record<string, unknown> = doc.components?.schemas ?? {};
  const used = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
    } else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (key === '$ref' && typeof child === 'string' && child.startsWith(SCHEMA_REF)) {
          const name = child.slice(SCHEMA_REF.length);
          if (!used.has(name)) {
            used.add(name);
            visit(schemas[name]);
          }
        } else {
          visit(child);
        }
      }
    }
  };
  visit({ ...doc, components: { ...doc.components, schemas: {} } });
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...doc, components: { ...doc.components, schemas: kept } };
}

const documentObject: SwaggerTransformObject = (input) =>
  withoutUnusedSchemas(
    jsonSchemaTransformObject(input) as OpenApiDocument,
  ) as ReturnType<SwaggerTransformObject>;

/**
 * The OpenAPI 3.1 document (`/api/openapi.json`, generated from the contract's zod schemas) and its
 * browsable reference (`/api/docs`). Register before the routes: the document lists the routes
 * registered after it.
 */
export async function registerOpenApi(app: FastifyInstance, config: Config) {
  await app.register(swagger, {
    openapi: {
      // 3.1: its schemas are JSON Schema, so a nullable reference is `anyOf [$ref, null]`; 3.0 has no
      // valid way to say it (`nullable` needs a `type` beside it).
      openapi: '3.1.0',
      info: {
        title: `${PRODUCT_NAME} API`,
        version: '1.0.0',
        description:
          "Upcoming and trending books, movies and TV seasons. Errors share one shape: `{ error: { code, message, details? } }`. Signed-in operations read the HttpOnly session cookie that signing in sets (`/api/auth/*`); a state-changing request from a browser must come from the product's own origin.",
      },
      // With PUBLIC_URL, the address the product is served at; without, the origin this document was
      // fetched from (a relative URL is resolved against the document's).
      servers: [
        config.publicUrlConfigured
          ? { url: config.publicUrl, description: 'This deployment (PUBLIC_URL)' }
          : { url: '/', description: 'The origin serving this document' },
      ],
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: sessionCookieName(config),
            description: 'The HttpOnly session cookie set by signing in through `/api/auth/*`.',
          },
          metricsToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'METRICS_TOKEN, for /metrics (unset: /metrics answers this machine only).',
          },
        },
      },
    },
    transform: documentRoute,
    transformObject: documentObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
