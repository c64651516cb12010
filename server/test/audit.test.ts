import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installAudit } from '../src/platform/audit.ts';
import type { Services } from '../src/platform/services.ts';

describe('the operation journal title', () => {
  it('is a page title key the journal lists, or the server does not start', async () => {
    const app = Fastify();
    installAudit(app, {} as Services);
    app.post('/known', { config: { audit: { title: 'menu.configure.post', businessType: 1 } } }, async () => 'ok');
    expect(() => app.post('/free-text', { config: { audit: { title: 'Job', businessType: 1 } } }, async () => 'ok')).toThrow(/journal title 'Job'/);
    await app.close();
  });
});
