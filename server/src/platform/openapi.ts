import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI 3.1 from the route schemas: JSON at /api/docs/openapi.json, browsable UI at /api/docs. */
/** The OpenAPI security of the rider app's signed-in calls (the memberBearer scheme below). */
export const MEMBER_SECURITY = [{ memberBearer: [] }];

export async function installOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Kayuh console API',
        version: '1.0.0',
        description: 'Envelope {code,msg,data}; success code 1000. Headers: token, userid, lang, tenant-id.',
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'token' },
          // The rider app (/api/app, docs/app-api.md): the token of POST /api/app/auth/otp/verify, with the tenant-code header.
          memberBearer: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/docs/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
}
