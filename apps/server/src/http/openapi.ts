import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { ErrorBodySchema } from '@profilehub/shared';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The API document (`/api/docs/json`) is made for generated clients: every operation names
 * its security, a unique operationId and its error answers with the shared error body. It is
 * done here, once for every route, so no route has to remember it (issue #29).
 */

/** SCIM's endpoints (decision 023) take a division's SCIM token, not a sign-in. */
const SCIM_PREFIX = '/scim/v2';

type Json = Record<string, unknown>;
type Security = Record<string, string[]>[];
type Operation = {
  operationId?: string;
  tags?: string[];
  security?: Security;
  parameters?: { in?: string }[];
  responses?: Record<string, unknown>;
  'x-api-key-scope'?: string;
};
type RouteConfig = { public?: boolean; apiKeyScope?: string } | undefined;

const ERROR_BODY = '#/components/schemas/ErrorBody';
const SCIM_ERROR = '#/components/schemas/ScimError';

/** What a status means, whoever answers it (the hub's errorReply or the SCIM error handler). */
const ERROR_DESCRIPTIONS: Record<string, string> = {
  '400': 'The request is malformed or a field is invalid (each wrong field is named in `errors`).',
  '401': 'Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused.',
  '403': 'Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope).',
  '404': 'No such thing, or one of another division (answered like a missing one).',
  '429': 'Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again.',
  '503': 'The database is away for a moment; `Retry-After` says when to try again.',
};

/** The tags of the routes that sign a person in (auth.routes.ts, sso.routes.ts, passkeys.routes.ts). */
const SIGN_IN_TAGS = new Set(['auth', 'sso', 'passkeys']);

const isParam = (segment: string) => segment.startsWith(':') || segment.startsWith('{');

/** A word's singular, for the collection segment before an id (`companies/{id}` → company). */
function singular(word: string): string {
  if (/ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ss|us|is|ias)$/.test(word) || !word.endsWith('s')) return word;
  return word.slice(0, -1);
}

/**
 * A readable operationId from method and path alone, so it never changes while the route
 * does not: `GET /api/companies/:id/sso` → `getCompanySso`, `GET /scim/v2/Users` → `getScimUsers`.
 * The segment before a parameter is singular (or, when it is no plural, the parameter is named:
 * `console/{id}` → `ConsoleById`); other parameters and the `/api` prefix are left out.
 */
export function operationIdOf(method: string, url: string): string {
  const segments = url.split('/').filter(Boolean);
  const words: string[] = [];
  const push = (name: string) => {
    for (const word of name.split(/[-_.]/)) if (word) words.push(word[0]!.toUpperCase() + word.slice(1));
  };
  segments.forEach((segment, i) => {
    if ((i === 0 && segment === 'api') || (i === 1 && segments[0] === 'scim' && segment === 'v2')) return;
    const previous = segments[i - 1];
    if (isParam(segment)) {
      // After a word that is no plural (`console/{id}`), the parameter keeps it apart from `console`.
      if (previous && !isParam(previous) && singular(previous) === previous) push(`by-${segment.replace(/^[:{]|}$/g, '')}`);
      return;
    }
    const next = segments[i + 1];
    push(next && isParam(next) ? singular(segment) : segment);
  });
  return method.toLowerCase() + words.join('');
}

/**
 * Who may call a route: anyone (`config.public`), a SCIM token holder, a signed-in user, and on
 * the routes of the public API (`config.apiKeyScope`, decision 027) an API key with that scope.
 */
function securityOf(url: string, config: RouteConfig): Security {
  if (url.startsWith(SCIM_PREFIX)) return [{ scimToken: [] }];
  if (config?.public === true) return [];
  if (config?.apiKeyScope) return [{ bearerAuth: [] }, { apiKey: [] }];
  return [{ bearerAuth: [] }];
}

/** Each route's schema gets its operationId and security before @fastify/swagger writes it down. */
const transform: NonNullable<FastifyDynamicSwaggerOptions['transform']> = (args) => {
  const out = jsonSchemaTransform(args);
  const schema = out.schema as Json;
  if (schema.hide) return out;
  const method = ([] as string[]).concat(args.route.method)[0] ?? 'get';
  const config = args.route.config as RouteConfig;
  const scope = config?.apiKeyScope && config.public !== true ? { 'x-api-key-scope': config.apiKeyScope } : {};
  return { ...out, schema: { ...schema, operationId: operationIdOf(method, args.url), security: securityOf(args.url, config), ...scope } };
};

/**
 * OpenAPI 3.0 ignores `nullable` beside no `type` (and Ajv's strict mode refuses it): zod's
 * nullable union comes out as `{nullable, anyOf: [...]}`, so `nullable` moves into each branch.
 */
function fixNullable(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) fixNullable(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Json;
  if (schema.nullable === true && schema.type === undefined) {
    const branches = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
    if (Array.isArray(branches)) {
      for (const branch of branches) if (branch.$ref === undefined) branch.nullable = true;
      if (branches.some((b) => b.$ref !== undefined)) branches.push({ type: 'object', nullable: true, enum: [null] });
    }
    delete schema.nullable;
  }
  for (const value of Object.values(schema)) fixNullable(value);
}

/** The error answers an operation can give, each with the body its part of the API sends. */
function addErrorResponses(path: string, method: string, operation: Operation): void {
  const scim = path.startsWith(SCIM_PREFIX);
  const statuses = ['400'];
  // A SCIM token speaks for its whole division: SCIM answers 401 or 404, never 403.
  if ((operation.security?.length ?? 0) > 0) statuses.push(...(scim ? ['401'] : ['401', '403']));
  // The public calls that sign a person in refuse wrong credentials (401) and accounts that may not (403).
  else if (operation.tags?.some((tag) => SIGN_IN_TAGS.has(tag))) statuses.push('401', '403');
  if (/\{[^}]+\}/.test(path)) statuses.push('404');
  // Every SCIM call counts against its token (or the caller's address), every API key call against
  // its key, and every public call that acts (sign-in, codes, set-up, leads, the beacon) against a per-address limit.
  if (scim || operation['x-api-key-scope'] || (operation.security?.length === 0 && method !== 'get')) statuses.push('429');
  statuses.push('503');
  operation.responses ??= {};
  const responses = operation.responses;
  for (const status of statuses) {
    if (responses[status]) continue;
    const content = scim ? { 'application/scim+json': { schema: { $ref: SCIM_ERROR } } } : { 'application/json': { schema: { $ref: ERROR_BODY } } };
    responses[status] = { description: ERROR_DESCRIPTIONS[status], content };
  }
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** The finished document: error answers added, `nullable` made valid, operationIds checked unique. */
const transformObject: NonNullable<FastifyDynamicSwaggerOptions['transformObject']> = (documentObject) => {
  const doc = (documentObject as { openapiObject: Json }).openapiObject;
  const seen = new Map<string, string>();
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Record<string, Operation>>)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      addErrorResponses(path, method, operation);
      const id = operation.operationId;
      if (id) {
        const other = seen.get(id);
        if (other) throw new Error(`operationId ${id} of ${method.toUpperCase()} ${path} is ${other}'s too: rename a route`);
        seen.set(id, `${method.toUpperCase()} ${path}`);
      }
    }
  }
  fixNullable(doc.paths);
  return doc;
};

/** The body of every hub error (errors.ts `errorReply`), as a component the error answers name. */
const errorBody = z.toJSONSchema(ErrorBodySchema, { target: 'openapi-3.0' }) as Json;
delete errorBody.$schema;

/** RFC 7644 §3.12's error body, which every SCIM answer of 4xx/5xx carries. */
const scimError = {
  type: 'object',
  properties: {
    schemas: { type: 'array', items: { type: 'string', enum: ['urn:ietf:params:scim:api:messages:2.0:Error'] } },
    status: { type: 'string' },
    scimType: { type: 'string' },
    detail: { type: 'string' },
  },
  required: ['schemas', 'status', 'detail'],
};

/** @fastify/swagger's options: the document's frame and the two transforms above. */
export function openapiOptions(): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.0.3',
      // The hub serves its API on its own origin: a client gives the hub's address as its base URL.
      servers: [{ url: '/', description: 'This hub' }],
      info: {
        title: 'Profilehub API',
        version: '0.1.0',
        description:
          'The hub API of spec §7, under /api, and SCIM 2.0 under /scim/v2. Errors: {statusCode, code, message, errors[]}. Operations with `x-api-key-scope` also take a division API key with that scope (docs/api.md).',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The token a sign-in returns (`jwt`).' },
          scimToken: { type: 'http', scheme: 'bearer', description: "A division's SCIM token (decision 023)." },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description:
              "A division's API key (`phk_…`, decision 027, docs/api.md), sent as `Authorization: Bearer phk_…`. It opens only the operations whose `x-api-key-scope` is one of its scopes.",
          },
        },
        schemas: { ErrorBody: errorBody, ScimError: scimError },
      },
    } as FastifyDynamicSwaggerOptions['openapi'],
    transform,
    transformObject: transformObject as FastifyDynamicSwaggerOptions['transformObject'],
  };
}
