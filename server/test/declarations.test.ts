import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installAccessGuard } from '../src/platform/access.ts';
import type { Services } from '../src/platform/services.ts';

describe('what a route declares', () => {
  it('is a permission the menu catalogue grants, or the server does not start', async () => {
    const app = Fastify();
    installAccessGuard(app, {} as Services);
    app.get('/api/known', { config: { access: 'configure:role:view' } }, async () => 'ok');
    app.get('/api/open', { config: { access: 'authenticated' } }, async () => 'ok');
    expect(() => app.get('/api/typo', { config: { access: 'configure:roles:view' } }, async () => 'ok')).toThrow(/no menu grants/);
    await app.close();
  });
});
