import { IdParamsSchema, ThemeResponseSchema, ThemesQuerySchema, ThemesResponseSchema, UpdateThemeSchema } from '@profilehub/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/auth.ts';
import { listThemes, updateTheme } from './stylings.service.ts';

const tags = ['themes'];

export async function stylingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  r.get(
    '/profile-stylings/default-themes',
    {
      schema: {
        tags,
        summary: 'Themes the caller may use: the default themes and their divisions’ (companyId narrows to one division)',
        querystring: ThemesQuerySchema,
        response: { 200: ThemesResponseSchema },
      },
    },
    async (req) => ({ data: await listThemes(deps, actorOf(req), req.query.companyId) }),
  );

  r.put(
    '/profile-stylings/:id',
    {
      schema: {
        tags,
        summary: 'Edit a theme {data:{id, cssPlug, layout, fontFamily}}: superadmin, or a supervisor of its division with style editing',
        params: IdParamsSchema,
        body: UpdateThemeSchema,
        response: { 200: ThemeResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await updateTheme(deps, actorOf(req), req.params.id, req.body.data) }),
  );
}
