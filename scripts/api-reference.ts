import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { z } from 'zod';
import { endpointParamNames, type EndpointDefinition } from '../app/lib/contract/endpoint';
import { endpoints, listEndpoints } from '../app/lib/contract/endpoints';

// Writes docs/api-reference.md from the endpoint table (npm run docs:api). A unit test
// (tests/unit/api-reference.test.ts) fails when the committed file is not what this writes.

export const API_REFERENCE_PATH = fileURLToPath(new URL('../docs/api-reference.md', import.meta.url));

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
};

function toJson(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
}

function typeName(schema: JsonSchema): string {
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' \\| ');
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map(typeName).join(' \\| ');
  if (schema.allOf) return schema.allOf.map(typeName).join(' & ');
  if (schema.type === 'array') return `${schema.items ? typeName(schema.items) : 'unknown'}[]`;
  if (Array.isArray(schema.type)) return schema.type.join(' \\| ');
  if (schema.type === 'object' && !schema.properties) return 'object';
  return schema.type ?? 'unknown';
}

/** The fields of a schema, nested objects flattened to two levels (`data.orderNumber`). */
function fields(schema: JsonSchema, prefix = '', depth = 0): string[] {
  const object = schema.properties ? schema : (schema.anyOf ?? schema.oneOf ?? []).find((part) => part.properties);
  if (!object?.properties) return prefix ? [] : [`\`${typeName(schema)}\``];
  return Object.entries(object.properties).flatMap(([name, property]) => {
    const path = `${prefix}${name}`;
    const optional = object.required?.includes(name) ? '' : '?';
    const nested = property.properties ?? (property.anyOf ?? []).find((part) => part.properties)?.properties;
    if (nested && depth < 1) return fields(property, `${path}.`, depth + 1);
    return [`\`${path}${optional}\`: ${typeName(property)}`];
  });
}

function section(title: string, lines: string[]): string[] {
  return lines.length ? [`- ${title}: ${lines.join(', ')}`] : [];
}

function describe(name: string, endpoint: EndpointDefinition): string[] {
  const params = endpointParamNames(endpoint).map((param) => `\`${param}\``);
  const lines = [`### \`${endpoint.method} ${endpoint.path}\``, '', `\`${name}\`: ${endpoint.summary}`, ''];
  lines.push(...section('Path parameters', params));
  if (endpoint.query) lines.push(...section('Query', fields(toJson(endpoint.query, 'input'))));
  if (endpoint.transport === 'multipart') lines.push('- Request: multipart form data, streamed through');
  else if (endpoint.body) lines.push(...section('Request', fields(toJson(endpoint.body, 'input'))));
  const status = endpoint.status ?? 200;
  if (endpoint.transport === 'file') lines.push(`- Response ${status}: a file (passed through with its type)`);
  else if (status === 204) lines.push('- Response 204: no body');
  else lines.push(...section(`Response ${status}`, fields(toJson(endpoint.response, 'output'))));
  lines.push('');
  return lines;
}

/** The whole reference, as docs/api-reference.md holds it (formatted as `npm test` checks it). */
export async function renderApiReference(): Promise<string> {
  const config = await resolveConfig(API_REFERENCE_PATH);
  return format(referenceText(), { ...config, parser: 'markdown' });
}

function referenceText(): string {
  const lines = [
    '# Commerce API reference',
    '',
    '<!-- Generated from app/lib/contract/endpoints by `npm run docs:api`; do not edit by hand. -->',
    '',
    'Every call the storefront makes to the commerce API. Errors answer `{ error: { code, message } }`',
    '(app/lib/contract/common.ts); a body that does not fit the request schema answers 400',
    '`error.validation.invalidRequest`. Calls carry the tenant, caller and correlation-id headers;',
    'signed-in calls carry the shopper’s identity token.',
    '',
  ];
  const all = listEndpoints();
  for (const area of Object.keys(endpoints)) {
    lines.push(`## ${area}`, '');
    for (const entry of all.filter((item) => item.area === area)) lines.push(...describe(entry.name, entry.endpoint));
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(API_REFERENCE_PATH, await renderApiReference());
}
