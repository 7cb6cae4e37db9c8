import { Validator } from '@seriousme/openapi-schema-validator';
import { allEndpoints, WEBHOOK_SERVICES } from '@jarvis/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayHarness, startGateway } from '../testing/harness';

/** The path of a declaration as OpenAPI writes it: `/api/reminders/:id` → `/api/reminders/{id}`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('the API document', () => {
  let gw: GatewayHarness;
  let document: any;

  beforeAll(async () => {
    gw = await startGateway('apidocs');
    const res = await gw.client().get('/api/openapi.json');
    expect(res.status).toBe(200);
    document = res.body;
  });
  afterAll(() => gw?.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('lists every declared endpoint with its method, access and error body', () => {
    for (const endpoint of allEndpoints) {
      const operation = document.paths[openApiPath(endpoint.path)]?.[endpoint.method.toLowerCase()];
      expect(operation, `${endpoint.method} ${endpoint.path}`).toBeDefined();
      const access = typeof endpoint.access === 'object' ? `plan:${endpoint.access.minTier}` : endpoint.access;
      expect(operation['x-jarvis-access']).toBe(access);
      expect(operation.responses['400']).toEqual({ $ref: '#/components/responses/E400' });
      if (endpoint.access !== 'public') expect(operation.security).toEqual([expect.objectContaining({ session: [] })]);
    }
    const declared = new Set(allEndpoints.map((e) => `${e.method} ${openApiPath(e.path)}`));
    const documented = Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item as object).map((m) => `${m.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual([...declared].sort());
  });

  it('describes requests and responses from the declarations', () => {
    const createReminder = document.paths['/api/reminders'].post;
    expect(createReminder.requestBody.content['application/json'].schema.properties).toHaveProperty('title');
    const reminder = document.paths['/api/reminders'].get.responses['200'].content['application/json'].schema;
    expect(reminder).toEqual({ type: 'array', items: { $ref: '#/components/schemas/Reminder' } });
    expect(document.components.schemas.Reminder.required).toEqual(expect.arrayContaining(['id', 'title']));
    const deleteReminder = document.paths['/api/reminders/{id}'].delete;
    expect(deleteReminder.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    expect(deleteReminder.security).toEqual([{ session: [], ajax: [] }]);
    expect(document.components.securitySchemes.ajax).toMatchObject({ in: 'header', name: 'X-Requested-With' });
  });

  it('lists the provider webhooks', () => {
    expect(Object.keys(document.webhooks).sort()).toEqual([...WEBHOOK_SERVICES].sort());
  });

  it('renders for people at /api/docs from our own origin', async () => {
    const page = await gw.client().get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const scripts = [...String(page.text).matchAll(/src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts).toEqual(['/api/docs/swagger-ui-bundle.js', '/api/docs/init.js']);
    for (const src of scripts) {
      const res = await gw.client().get(src);
      expect(res.status, src).toBe(200);
      expect(res.headers.get('content-type')).toContain('javascript');
    }
    expect((await gw.client().get('/api/docs/swagger-ui.css')).status).toBe(200);
  });
});
