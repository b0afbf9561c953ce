import fastifySwagger, { type StaticDocumentSpec } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { LOCALES } from '@studio/contract/locale';
import { accessGroupOf, CLIENT_HEADERS } from '@studio/contract/protocol';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { RegisteredCall } from './protocol';

export const DOCS_PREFIX = '/api/docs';

type JsonSchema = Record<string, unknown>;

const SKELETON = {
  openapi: '3.1.0',
  info: {
    title: 'Studio API',
    version: '1',
    description:
      'Every call is a POST with a JSON body, answered `{ code, msg, ...fields }` (code 0 is success). ' +
      'Token in the `uni-id-token` header; answers in the `vk-locale` language.',
  },
  paths: {},
};

const ERROR_ENVELOPE: JsonSchema = {
  type: 'object',
  description: 'A failure: `code` is a number of the spec (30204, 410...) or an error name (INVALID_PARAM...).',
  properties: {
    code: { anyOf: [{ type: 'integer' }, { type: 'string' }] },
    msg: { type: 'string', description: 'A message in the caller locale (vk-locale).' },
    requestId: { type: 'string', description: 'On SYSTEM_ERROR: the id of the logged failure.' },
  },
  required: ['code', 'msg'],
};

const TOKEN_INFO: JsonSchema = {
  type: 'object',
  properties: { token: { type: 'string' }, tokenExpired: { type: 'integer', description: 'ms since epoch' } },
  required: ['token', 'tokenExpired'],
};

/**
 * A zod schema as JSON Schema inside the document: definitions zod puts in `$defs` (recursive
 * schemas such as trees) move to components.schemas under a per-call prefix, refs rewritten.
 */
function toSchema(schema: z.ZodType, io: 'input' | 'output', prefix: string, components: JsonSchema): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  const { $schema: _dialect, $defs, ...rest } = json;
  const rewrite = (value: JsonSchema) =>
    JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', `"#/components/schemas/${prefix}.`)) as JsonSchema;
  for (const [name, def] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
    components[`${prefix}.${name}`] = rewrite(def);
  }
  return rewrite(rest);
}

/** The success answer: the envelope fields beside the call's output fields (in each alternative of a union). */
function successSchema(output: JsonSchema): JsonSchema {
  const envelope = {
    code: { const: 0 },
    msg: { type: 'string' },
    vk_uni_token: { $ref: '#/components/schemas/TokenInfo', description: 'A renewed or new token' },
  };
  for (const union of ['oneOf', 'anyOf'] as const) {
    const alternatives = output[union];
    if (Array.isArray(alternatives)) return { ...output, [union]: alternatives.map(successSchema) };
  }
  if (output.type !== 'object') return { allOf: [{ type: 'object', properties: envelope }, output] };
  return {
    type: 'object',
    properties: { ...envelope, ...(output.properties as JsonSchema | undefined) },
    required: ['code', 'msg', ...((output.required as string[] | undefined) ?? [])],
  };
}

/** The OpenAPI document of every callable function, each as `POST /api/<url>` (the path form). */
export function buildOpenApiDocument(calls: Iterable<RegisteredCall>): JsonSchema {
  const schemas: JsonSchema = { ErrorEnvelope: ERROR_ENVELOPE, TokenInfo: TOKEN_INFO };
  const paths: JsonSchema = {};
  const tags = new Set<string>();
  const errorResponse = {
    description: 'Failure envelope',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
  };

  const sorted = [...calls].sort((a, b) => a.def.url.localeCompare(b.def.url));
  for (const { def } of sorted) {
    const group = accessGroupOf(def.url);
    if (group === 'private') continue;
    const prefix = def.url.replace(/[^\w.-]/g, '.');
    const tag = def.url.split(/[/.]/)[0] ?? 'api';
    tags.add(tag);
    const access =
      group === 'pub'
        ? 'Public.'
        : group === 'sys'
          ? `Admin role${
              def.permission === 'staff'
                ? ' or any staff permission'
                : def.permission
                  ? ` or permission \`${def.permission}\``
                  : ''
            } (else PERMISSION_DENIED).`
          : 'Needs a valid token (else 30204).';
    paths[`/api/${def.url}`] = {
      post: {
        operationId: def.url,
        tags: [tag],
        summary: def.summary ?? def.url,
        description: `${access} Also callable as POST /api/router with {"url": "${def.url}", "data": <body>}.`,
        security: group === 'pub' ? [] : [{ uniIdToken: [] }],
        // The permission that grants this call to staff without the admin role (contract permissions.ts).
        ...(def.permission ? { 'x-permission': def.permission } : {}),
        parameters: [{ $ref: '#/components/parameters/locale' }],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: toSchema(def.input, 'input', `${prefix}.input`, schemas) } },
        },
        responses: {
          '200': {
            description: 'code 0 with the fields below; business failures also answer 200 with code ≠ 0',
            content: {
              'application/json': {
                schema: successSchema(toSchema(def.output, 'output', `${prefix}.output`, schemas)),
              },
            },
          },
          default: errorResponse,
        },
      },
    };
  }

  paths['/api/router'] = {
    post: {
      operationId: 'router',
      tags: ['router'],
      summary: 'Any call above in the router form',
      security: [{ uniIdToken: [] }, {}],
      parameters: [{ $ref: '#/components/parameters/locale' }],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: {
                url: { type: 'string', example: 'client/pub.getMchInfo' },
                data: { type: 'object', description: 'The request body of that call' },
                encrypt: { type: 'boolean', description: 'With header vk-encrypt: data is the cipher text' },
              },
              required: ['url'],
            },
          },
        },
      },
      responses: { '200': { description: 'The answer of that call' }, default: errorResponse },
    },
  };

  return {
    ...SKELETON,
    tags: [...tags, 'router'].map((name) => ({ name })),
    paths,
    components: {
      schemas,
      securitySchemes: { uniIdToken: { type: 'apiKey', in: 'header', name: CLIENT_HEADERS.token } },
      parameters: {
        locale: {
          name: CLIENT_HEADERS.locale,
          in: 'header',
          required: false,
          schema: { type: 'string', enum: [...LOCALES] },
        },
      },
    },
  };
}

/** Serves the document at /api/docs/json and Swagger UI at /api/docs; call after registerProtocol. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  // Built on the first request rather than at start: about 1 ms per call, and most starts (tests,
  // every instance of a deployment) never serve it.
  let document: JsonSchema | null = null;
  const fullDocument = () => {
    document ??= buildOpenApiDocument(app.callRegistry.values());
    return document;
  };
  await app.register(fastifySwagger, {
    mode: 'static',
    // The static spec type names OpenAPI 3.0; this document is 3.1 (JSON Schema 2020-12, as zod emits).
    specification: { document: SKELETON as unknown as StaticDocumentSpec['document'] },
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    transformSpecificationClone: false,
    transformSpecification: fullDocument,
  });
}
