import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness.ts';
import { lintOpenapi } from '../test/openapi-lint.ts';
import { operationIdOf } from './openapi.ts';

const t = useTestApp();

type Schema = Record<string, unknown>;
type Response = { content?: Record<string, { schema?: Schema }> };
type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  'x-api-key-scope'?: string;
  parameters?: { schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses: Record<string, Response>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, Schema> };
};

/**
 * OpenAPI 3.0's schema object keeps draft 4's boolean `exclusiveMinimum`/`exclusiveMaximum`;
 * Ajv reads draft 7, where they are numbers. Only those two are translated: `nullable`, which
 * Ajv knows as OpenAPI's keyword, is checked as written (it must stand beside a `type`).
 */
function asDraft7(node: unknown): Schema {
  if (Array.isArray(node)) node.forEach(asDraft7);
  else if (node && typeof node === 'object') {
    const schema = node as Schema;
    for (const [bound, limit] of [
      ['exclusiveMinimum', 'minimum'],
      ['exclusiveMaximum', 'maximum'],
    ] as const) {
      if (typeof schema[bound] !== 'boolean') continue;
      if (schema[bound]) schema[bound] = schema[limit];
      else delete schema[bound];
      if (typeof schema[bound] === 'number') delete schema[limit];
    }
    for (const value of Object.values(schema)) asDraft7(value);
  }
  return node as Schema;
}

const documentOf = async () => (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Document;
const operationsOf = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, path, op })));

describe('operationIdOf', () => {
  it('is readable camelCase from method and path: the collection before an id is singular, parameters named only after a non-plural', () => {
    expect(operationIdOf('GET', '/api/companies/:id/sso')).toBe('getCompanySso');
    expect(operationIdOf('GET', '/api/companies')).toBe('getCompanies');
    expect(operationIdOf('GET', '/api/companies/console/:id')).toBe('getCompaniesConsoleById');
    expect(operationIdOf('DELETE', '/api/companies/:id/scim-tokens/:tokenId')).toBe('deleteCompanyScimToken');
    expect(operationIdOf('GET', '/api/purchase-histories')).toBe('getPurchaseHistories');
    expect(operationIdOf('GET', '/scim/v2/Users/:id')).toBe('getScimUser');
    expect(operationIdOf('GET', '/scim/v2/ResourceTypes/{id}')).toBe('getScimResourceType');
  });
});

describe('the API document (/api/docs/json)', () => {
  it('names every operation’s operationId, once in the whole document', async () => {
    const doc = await documentOf();
    const ops = operationsOf(doc);
    expect(ops.length).toBeGreaterThan(100);
    expect(ops.filter(({ op }) => !op.operationId).map((o) => o.name)).toEqual([]);
    const ids = ops.map(({ op }) => op.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('names every operation’s security: none for public routes, the SCIM token under /scim/v2, the sign-in bearer elsewhere (or an API key too)', async () => {
    const doc = await documentOf();
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['apiKey', 'bearerAuth', 'scimToken']);
    for (const { name, path, op } of operationsOf(doc)) {
      expect(op.security, name).toBeDefined();
      if (path.startsWith('/scim/v2')) expect(op.security, name).toEqual([{ scimToken: [] }]);
      // The public API's routes (decision 027; api-keys.test.ts checks which) take a key with their scope as well.
      else if (op['x-api-key-scope']) expect(op.security, name).toEqual([{ bearerAuth: [] }, { apiKey: [] }]);
      else if (op.security?.length) expect(op.security, name).toEqual([{ bearerAuth: [] }]);
    }
    const security = (name: string) => operationsOf(doc).find((o) => o.name === name)?.op.security;
    expect(security('POST /api/auth/local')).toEqual([]);
    expect(security('GET /api/health')).toEqual([]);
    expect(security('GET /api/users/export')).toEqual([{ bearerAuth: [] }]);
    expect(security('GET /api/users')).toEqual([{ bearerAuth: [] }, { apiKey: [] }]);
  });

  it('gives every operation its error answers with the shared error body (SCIM’s own under /scim/v2)', async () => {
    const doc = await documentOf();
    const missing: string[] = [];
    for (const { name, path, op } of operationsOf(doc)) {
      const scim = path.startsWith('/scim/v2');
      const ref = scim ? '#/components/schemas/ScimError' : '#/components/schemas/ErrorBody';
      const media = scim ? 'application/scim+json' : 'application/json';
      const withBody = (status: string) => op.responses[status]?.content?.[media]?.schema?.$ref === ref;
      const expected = ['400', '503'];
      if (op.security?.length) expected.push('401');
      if (op.security?.length && !scim) expected.push('403');
      if (path.includes('{')) expected.push('404');
      if (scim || op['x-api-key-scope'] || (op.security?.length === 0 && name.split(' ')[0] !== 'GET')) expected.push('429');
      for (const status of expected) if (!op.responses[status]) missing.push(`${name} ${status}`);
      if (!Object.keys(op.responses).some((s) => s.startsWith('4') && withBody(s))) missing.push(`${name}: no 4xx with ${ref}`);
    }
    expect(missing).toEqual([]);
    // Signing in is public, yet refuses wrong credentials (401) and accounts that may not (403).
    const signIn = operationsOf(doc).find((o) => o.name === 'POST /api/auth/local')?.op;
    expect(Object.keys(signIn?.responses ?? {})).toEqual(expect.arrayContaining(['400', '401', '403', '429']));
    expect(doc.components.schemas.ErrorBody).toMatchObject({ type: 'object', required: ['statusCode', 'code', 'message', 'errors'] });
  });

  it('has only schemas Ajv compiles in strict mode: no `nullable` without a `type`', async () => {
    const doc = await documentOf();
    const ajv = new Ajv({ strict: true, validateFormats: false, keywords: ['example', 'xml', 'externalDocs'] });
    for (const [name, schema] of Object.entries(doc.components.schemas)) ajv.addSchema(schema, `#/components/schemas/${name}`);
    const failures: string[] = [];
    const compile = (where: string, schema: Schema | undefined) => {
      if (!schema || schema.$ref) return;
      try {
        ajv.compile(asDraft7(structuredClone(schema)));
      } catch (err) {
        failures.push(`${where}: ${(err as Error).message}`);
      }
    };
    for (const { name, op } of operationsOf(doc)) {
      for (const [i, p] of (op.parameters ?? []).entries()) compile(`${name} parameter ${i}`, p.schema);
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) compile(`${name} body ${type}`, media.schema);
      for (const [status, res] of Object.entries(op.responses))
        for (const [type, media] of Object.entries(res.content ?? {})) compile(`${name} ${status} ${type}`, media.schema);
    }
    expect(failures).toEqual([]);
  });

  it('passes Redocly’s lint (redocly.yaml) with no error, as `npm run lint` checks', async () => {
    const result = await lintOpenapi(await documentOf());
    expect(result.lines.filter((l) => l.startsWith('error'))).toEqual([]);
    expect(result.errors).toBe(0);
  });
});
