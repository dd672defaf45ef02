/**
 * SCIM 2.0 at /scim/v2 (RFC 7644; decision 023). Outside the hub's sign-in: a division's SCIM
 * token (Authorization: Bearer) decides the division, and every answer, errors included, is
 * application/scim+json with the SCIM error body.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorReply } from '../../http/errors.ts';
import { LIMITS } from '../../http/rate-limit.ts';
import { liveScimToken, type ScimTokenRow } from './scim.queries.ts';
import {
  createUser,
  deleteUser,
  getGroup,
  getUser,
  listGroups,
  listUsers,
  patchGroup,
  patchUser,
  replaceUser,
  SCIM_MESSAGES,
  type ScimContext,
  ScimError,
} from './scim.service.ts';
import { resourceType, resourceTypeList, schemaById, schemaList, serviceProviderConfig } from './scim-discovery.ts';
import { scimBaseUrl, scimTokenHash } from './scim-tokens.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    scimToken?: ScimTokenRow;
  }
}

const CONTENT_TYPE = 'application/scim+json; charset=utf-8';
const tags = ['scim'];
type IdParams = { Params: { id: string } };
type ListQuery = { Querystring: { filter?: string; startIndex?: string; count?: string; excludedAttributes?: string } };

export async function scimRoutes(app: FastifyInstance) {
  const deps = app.deps;
  const base = scimBaseUrl(deps.config.PUBLIC_URL);
  const ctxOf = (req: FastifyRequest): ScimContext => ({ token: req.scimToken!, base });
  const ifMatch = (req: FastifyRequest) => req.headers['if-match'];

  // RFC 7644 §3.1: clients send application/scim+json (some send application/json, which Fastify reads already).
  app.addContentTypeParser('application/scim+json', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));

  app.setErrorHandler((err, req, reply) => {
    let scim: ScimError;
    if (err instanceof ScimError) scim = err;
    else {
      // Limits, an absent database, bad JSON: the hub's own answer (logged, with Retry-After), in SCIM's body.
      const { status, headers, body } = errorReply(err, req.log);
      for (const [name, value] of Object.entries(headers)) if (!reply.hasHeader(name)) reply.header(name, value);
      scim = new ScimError(status, body.message, status === 400 ? 'invalidSyntax' : undefined);
    }
    if (scim.status === 401) reply.header('www-authenticate', 'Bearer realm="scim"');
    return reply.code(scim.status).type(CONTENT_TYPE).send(scim.body);
  });
  app.setNotFoundHandler((_req, reply) => reply.code(404).type(CONTENT_TYPE).send(new ScimError(404, 'No such SCIM endpoint.').body));

  app.addHook('onRequest', async (req) => {
    const header = req.headers.authorization ?? '';
    const [scheme, token] = header.split(' ');
    const row = scheme?.toLowerCase() === 'bearer' && token ? await liveScimToken(deps.db, scimTokenHash(token)) : undefined;
    if (!row) {
      await deps.limiter.hit(LIMITS.scimRefusedPerIp, req.ip);
      throw new ScimError(401, SCIM_MESSAGES.badToken);
    }
    await deps.limiter.hit(LIMITS.scimPerToken, String(row.id));
    req.scimToken = row;
  });
  app.addHook('onSend', async (_req, reply, payload) => {
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    reply.type(CONTENT_TYPE);
    // A refusal the hub's own hooks answered (the well-formed guard's NUL or lone surrogate) in SCIM's error body.
    if (reply.statusCode >= 400 && typeof payload === 'string') {
      let body: { schemas?: unknown; message?: unknown } = {};
      try {
        body = JSON.parse(payload);
      } catch {
        return payload;
      }
      if (!body.schemas && typeof body.message === 'string')
        return JSON.stringify(new ScimError(reply.statusCode, body.message, reply.statusCode === 400 ? 'invalidValue' : undefined).body);
    }
    return payload;
  });

  const withEtag = <T extends { meta: { version: string } }>(reply: FastifyReply, resource: T) => {
    reply.header('etag', resource.meta.version);
    return resource;
  };
  const conditional = <T extends { meta: { version: string } }>(req: FastifyRequest, reply: FastifyReply, resource: T) => {
    const none = req.headers['if-none-match'];
    if (none?.split(',').some((t) => t.trim() === resource.meta.version || t.trim() === '*'))
      return reply.code(304).header('etag', resource.meta.version).send();
    return withEtag(reply, resource);
  };

  app.get('/ServiceProviderConfig', { schema: { tags, summary: 'SCIM: what the hub supports' } }, async () => serviceProviderConfig(base));
  app.get('/ResourceTypes', { schema: { tags, summary: 'SCIM: User and Group' } }, async () => resourceTypeList(base));
  app.get<IdParams>('/ResourceTypes/:id', { schema: { tags, summary: 'SCIM: one resource type' } }, async (req) => {
    const found = resourceType(base, req.params.id);
    if (!found) throw new ScimError(404, 'No such resource type.');
    return found;
  });
  app.get('/Schemas', { schema: { tags, summary: 'SCIM: the User and Group schemas as the hub keeps them' } }, async () => schemaList(base));
  app.get<IdParams>('/Schemas/:id', { schema: { tags, summary: 'SCIM: one schema' } }, async (req) => {
    const found = schemaById(base, req.params.id);
    if (!found) throw new ScimError(404, 'No such schema.');
    return found;
  });

  app.get<ListQuery>(
    '/Users',
    { schema: { tags, summary: "SCIM: the division's members; filter userName eq or externalId eq; startIndex and count" } },
    (req) => listUsers(deps, ctxOf(req), req.query),
  );
  app.post('/Users', { schema: { tags, summary: 'SCIM: makes the account, its membership and its card under the first template' } }, async (req, reply) => {
    const user = await createUser(deps, ctxOf(req), req.body);
    return reply.code(201).header('location', user.meta.location).header('etag', user.meta.version).send(user);
  });
  app.get<IdParams>('/Users/:id', { schema: { tags, summary: 'SCIM: one member' } }, async (req, reply) =>
    conditional(req, reply, await getUser(deps, ctxOf(req), req.params.id)),
  );
  app.put<IdParams>('/Users/:id', { schema: { tags, summary: 'SCIM: replaces a member (active false offboards, true restores)' } }, async (req, reply) =>
    withEtag(reply, await replaceUser(deps, ctxOf(req), req.params.id, req.body, ifMatch(req))),
  );
  app.patch<IdParams>('/Users/:id', { schema: { tags, summary: 'SCIM: changes a member (active false offboards, true restores)' } }, async (req, reply) =>
    withEtag(reply, await patchUser(deps, ctxOf(req), req.params.id, req.body, ifMatch(req))),
  );
  app.delete<IdParams>(
    '/Users/:id',
    { schema: { tags, summary: "SCIM: offboards the member with the division's outcome and ends the membership" } },
    async (req, reply) => {
      await deleteUser(deps, ctxOf(req), req.params.id, ifMatch(req));
      return reply.code(204).send();
    },
  );

  app.get<ListQuery>('/Groups', { schema: { tags, summary: "SCIM: the division's templates; filter displayName eq" } }, (req) =>
    listGroups(deps, ctxOf(req), req.query),
  );
  app.get<IdParams & ListQuery>('/Groups/:id', { schema: { tags, summary: 'SCIM: one template and whose card inherits it' } }, async (req, reply) =>
    conditional(req, reply, await getGroup(deps, ctxOf(req), req.params.id, req.query.excludedAttributes)),
  );
  app.patch<IdParams>('/Groups/:id', { schema: { tags, summary: 'SCIM: adding a member moves their card under this template' } }, async (req, reply) =>
    withEtag(reply, await patchGroup(deps, ctxOf(req), req.params.id, req.body, ifMatch(req))),
  );
  const templatesOnly = async () => {
    throw new ScimError(501, SCIM_MESSAGES.groupsAreTemplates);
  };
  app.post('/Groups', { schema: { tags, summary: "SCIM: not supported (groups are the division's templates): 501" } }, templatesOnly);
  app.put('/Groups/:id', { schema: { tags, summary: 'SCIM: not supported: 501' } }, templatesOnly);
  app.delete('/Groups/:id', { schema: { tags, summary: 'SCIM: not supported: 501' } }, templatesOnly);
  app.post('/Bulk', { schema: { tags, summary: 'SCIM: bulk is not supported: 501' } }, async () => {
    throw new ScimError(501, 'Bulk operations are not supported.');
  });
}
