#!/usr/bin/env node
// Writes dist/openapi.json: an OpenAPI 3.1 document of every /api endpoint and webhook, generated from the
// declarations in src/ after `tsc` built dist/. Requests come from the endpoints' zod schemas (z.toJSONSchema, as a
// client sends them); responses from the TypeScript response types (`ResponseOf<typeof api.area.name>`), which have
// no runtime schema, through the TypeScript checker (typescript-json-schema).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const contracts = require(join(root, 'dist', 'index.js'));
const { z } = require('zod');
const TJS = require('typescript-json-schema');
const { version: jarvisVersion } = require(join(root, '..', '..', 'package.json'));

const { api, pathParams, WEBHOOK_SERVICES, WEBHOOK_PATH_PREFIX } = contracts;
const SESSION_COOKIE = 'jarvis.sid';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Methods whose input other than path parameters travels in the query string. */
const QUERY_METHODS = new Set(['GET', 'DELETE']);

/** `Record%3Cstring%2Cunknown%3E` → `Record_string_unknown_`: component names allow [A-Za-z0-9._-] only. */
const componentName = (name) => decodeURIComponent(name).replace(/[^A-Za-z0-9._-]/g, '_');

/** Response schemas of every endpoint, keyed `area.name`, with the named types they share as components. */
function responseSchemas() {
  const work = join(root, 'openapi', `.work-${process.pid}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const aliases = new Map();
  let source = `import type { api, ResponseOf } from '../../src/index';\n`;
  for (const [area, group] of Object.entries(api)) {
    for (const [name, endpoint] of Object.entries(group)) {
      // Redirects and /api/live answer no JSON body.
      if (endpoint.responseKind === 'redirect' || endpoint.path === '/api/live') continue;
      const alias = `Response__${area}__${name}`;
      aliases.set(alias, `${area}.${name}`);
      source += `export type ${alias} = ResponseOf<typeof api.${area}.${name}>;\n`;
    }
  }
  const file = join(work, 'responses.ts');
  writeFileSync(file, source);
  const program = TJS.getProgramFromFiles([file], {
    strict: true,
    skipLibCheck: true,
    esModuleInterop: true,
    target: 'es2022',
    module: 'commonjs',
    moduleResolution: 'node',
  });
  const generator = TJS.buildGenerator(program, { required: true, ref: true, titles: false, ignoreErrors: false });
  if (!generator) throw new Error('openapi: the response types do not compile');
  const schema = generator.getSchemaForSymbols([...aliases.keys()]);
  rmSync(work, { recursive: true, force: true });

  const rename = (value) => {
    if (Array.isArray(value)) return value.map(rename);
    if (value === null || typeof value !== 'object') return value;
    const out = {};
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') out.$ref = `#/components/schemas/${componentName(item.replace('#/definitions/', ''))}`;
      else if (key !== '$schema') out[key] = rename(item);
    }
    return out;
  };
  const components = {};
  const byEndpoint = new Map();
  for (const [name, definition] of Object.entries(schema.definitions ?? {})) {
    if (aliases.has(name)) byEndpoint.set(aliases.get(name), rename(definition));
    else components[componentName(name)] = rename(definition);
  }
  return { components, byEndpoint };
}

/** The zod request as a client writes it (before defaults and transforms), as JSON Schema 2020-12. */
function requestSchema(endpoint) {
  const schema = z.toJSONSchema(endpoint.request, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' });
  delete schema.$schema;
  return schema;
}

function accessOf(endpoint) {
  return typeof endpoint.access === 'object' ? `plan:${endpoint.access.minTier}` : endpoint.access;
}

function security(endpoint) {
  const csrf = SAFE_METHODS.has(endpoint.method) ? {} : { ajax: [] };
  if (endpoint.access === 'public') return Object.keys(csrf).length ? [csrf] : [];
  return [{ session: [], ...csrf }];
}

function errorResponses(endpoint) {
  const codes = ['400'];
  if (endpoint.access !== 'public') codes.push('401');
  if (typeof endpoint.access === 'object') codes.push('402');
  if (pathParams(endpoint.path).length) codes.push('404');
  if (!SAFE_METHODS.has(endpoint.method)) codes.push('403', '413', '415');
  codes.push('429', '500', '503', '504');
  return Object.fromEntries(codes.sort().map((code) => [code, { $ref: `#/components/responses/E${code}` }]));
}

function successResponse(endpoint, response) {
  if (endpoint.responseKind === 'redirect') {
    return { 302: { description: 'Redirects the browser', headers: { Location: { schema: { type: 'string' } } } } };
  }
  if (endpoint.path === '/api/live') {
    return { 200: { description: 'Server-Sent Events: one event per change, named by its kind', content: { 'text/event-stream': { schema: { type: 'string' } } } } };
  }
  if (endpoint.responseKind === 'binary') {
    const content = { '*/*': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } };
    return { 200: { description: 'The bytes', content }, 206: { description: 'The requested range (Range header)', content } };
  }
  const content = { 'application/json': { schema: response ?? {} } };
  if (endpoint.streams) {
    content['text/event-stream'] = {
      schema: {
        type: 'string',
        description: 'With `Accept: text/event-stream`: `event: token` per piece of text (a JSON string), then `event: done` with the JSON reply, or `event: error` with the error body',
      },
    };
  }
  return { [endpoint.status]: { description: 'Success', content } };
}

function parametersAndBody(endpoint) {
  const schema = requestSchema(endpoint);
  const names = pathParams(endpoint.path);
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const parameters = names.map((name) => ({ name, in: 'path', required: true, schema: properties[name] ?? { type: 'string' } }));
  const rest = Object.fromEntries(Object.entries(properties).filter(([name]) => !names.includes(name)));
  if (Object.keys(rest).length === 0) return { parameters };
  if (QUERY_METHODS.has(endpoint.method)) {
    for (const [name, property] of Object.entries(rest)) parameters.push({ name, in: 'query', required: required.has(name), schema: property });
    return { parameters };
  }
  const body = { ...schema, properties: rest, required: [...required].filter((name) => !names.includes(name)) };
  if (body.required.length === 0) delete body.required;
  if (endpoint.bodyKind === 'multipart') {
    for (const field of endpoint.upload?.fields ?? []) body.properties[field] = { type: 'string', contentMediaType: 'application/octet-stream' };
    return { parameters, requestBody: { required: true, content: { 'multipart/form-data': { schema: body } } } };
  }
  return { parameters, requestBody: { required: (body.required ?? []).length > 0, content: { 'application/json': { schema: body } } } };
}

function operation(area, name, endpoint, response) {
  const { parameters, requestBody } = parametersAndBody(endpoint);
  const op = {
    operationId: `${area}.${name}`,
    tags: [area],
    summary: `${endpoint.method} ${endpoint.path}`,
    'x-jarvis-access': accessOf(endpoint),
    'x-jarvis-service': endpoint.service,
    'x-jarvis-timeout-ms': endpoint.timeoutMs,
    security: security(endpoint),
    responses: { ...successResponse(endpoint, response), ...errorResponses(endpoint) },
  };
  if (endpoint.quota) op['x-jarvis-quota'] = { kind: endpoint.quota.kind };
  if (endpoint.bodyKind !== 'multipart' && !SAFE_METHODS.has(endpoint.method)) op['x-jarvis-body-limit-bytes'] = endpoint.bodyLimitBytes;
  if (endpoint.upload) op['x-jarvis-upload'] = endpoint.upload;
  if (parameters.length) op.parameters = parameters;
  if (requestBody) op.requestBody = requestBody;
  return op;
}

const ERROR_TEXT = {
  400: 'The input was refused: `fields` names each bad field',
  401: 'Not signed in',
  402: 'The plan does not include this (`requiresUpgrade: true`)',
  403: 'Refused (a state-changing call without `X-Requested-With`, or not allowed)',
  404: 'Unknown id, or another user’s',
  413: 'The body is larger than the endpoint accepts',
  415: 'The body is not JSON (or multipart on upload endpoints)',
  429: 'Too many requests or over quota (`Retry-After`)',
  500: 'A bug on our side',
  503: 'A service or provider is not available (names the variable to configure)',
  504: 'A service did not answer in time',
};

function webhooks() {
  const providers = { telephony: 'Twilio (voice, SMS, status callbacks; X-Twilio-Signature)', billing: 'Stripe (Stripe-Signature)', mail: 'Google (Gmail push)', calendar: 'Google (Calendar push)' };
  return Object.fromEntries(
    WEBHOOK_SERVICES.map((service) => [
      service,
      {
        post: {
          operationId: `webhooks.${service}`,
          summary: `POST ${WEBHOOK_PATH_PREFIX}${service}/{rest}`,
          description: `Called by ${providers[service] ?? service}; the gateway forwards the raw body and the signed headers to the ${service} service, which checks the provider's signature.`,
          tags: ['webhooks'],
          requestBody: { content: { '*/*': { schema: { type: 'string' } } } },
          responses: { 200: { description: 'Accepted (the body is what the provider expects, e.g. TwiML)' }, 403: { description: 'Bad signature' } },
        },
      },
    ]),
  );
}

function build() {
  const { components, byEndpoint } = responseSchemas();
  const paths = {};
  for (const [area, group] of Object.entries(api)) {
    for (const [name, endpoint] of Object.entries(group)) {
      const path = endpoint.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      paths[path] ??= {};
      paths[path][endpoint.method.toLowerCase()] = operation(area, name, endpoint, byEndpoint.get(`${area}.${name}`));
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Jarvis API',
      version: jarvisVersion,
      description:
        'Every /api endpoint of Jarvis, generated from its declaration in libs/contracts. Sign in with POST /api/login (the session cookie), and send `X-Requested-With` on every call that changes something.',
    },
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    servers: [{ url: '/' }],
    paths,
    webhooks: webhooks(),
    components: {
      schemas: {
        ...components,
        ErrorBody: {
          type: 'object',
          properties: { error: { type: 'string' }, code: { type: 'string' } },
          required: ['error', 'code'],
          additionalProperties: true,
        },
      },
      responses: Object.fromEntries(
        Object.entries(ERROR_TEXT).map(([code, description]) => [
          `E${code}`,
          { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } },
        ]),
      ),
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The session cookie set at sign-in' },
        ajax: { type: 'apiKey', in: 'header', name: 'X-Requested-With', description: 'Required on every state-changing call (CSRF defence); any value' },
      },
    },
  };
}

writeFileSync(join(root, 'dist', 'openapi.json'), `${JSON.stringify(build(), null, 1)}\n`);
