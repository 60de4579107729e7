/**
 * GET /api/openapi.json: the document generated from the route declarations is valid OpenAPI
 * 3.1 (checked by @seriousme/openapi-schema-validator) and describes every route file under
 * app/api with each method it exports, so a new route without a declaration fails here, and every
 * request body field says what it takes (a description, its values, or a length, pattern or range).
 */
import fs from 'node:fs';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as openapi } from '@/app/api/openapi.json/route';

const API_DIR = path.join(import.meta.dirname, '../../app/api');
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

type Operation = {
  security?: Record<string, string[]>[];
  'x-auth'?: string;
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
};
type Doc = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: {
    securitySchemes: Record<string, { type: string; in?: string; name?: string; scheme?: string }>;
    schemas: Record<string, { type?: string; required?: string[]; properties?: Record<string, unknown> }>;
  };
};

/** The JSON schema of an operation's 200 answer. */
function okSchema(op: Operation): { required?: string[]; properties?: Record<string, unknown> } {
  const ok = op.responses['200'] as { content: { 'application/json': { schema: Record<string, unknown> } } };
  return ok.content['application/json'].schema;
}

type JsonSchema = {
  description?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  $ref?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, JsonSchema>;
  allOf?: JsonSchema[];
};

/** The fields of an object schema, through `allOf` (zod intersections) too. */
function fieldsOf(s: JsonSchema): [string, JsonSchema][] {
  return [...Object.entries(s.properties ?? {}), ...(s.allOf ?? []).flatMap(fieldsOf)];
}

/**
 * Whether a body field's schema tells a caller what to send: a description, a fixed set of values,
 * a flag, a reference, or a type narrowed by a length, pattern, format or range ("" and null
 * alternatives aside). A bare string or number does not: its allowed values would be a guess.
 */
function saysWhatItTakes(s: JsonSchema): boolean {
  if (s.description || s.enum || s.const !== undefined || s.$ref || s.type === 'boolean') return true;
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return alternatives.every((a) => a.type === 'null' || a.const === '' || saysWhatItTakes(a));
  if (s.type === 'string') return s.maxLength !== undefined || !!s.pattern || !!s.format;
  if (s.type === 'integer' || s.type === 'number') return s.minimum !== undefined && s.maximum !== undefined;
  return false;
}

/** Every route.ts under app/api, as its folder path relative to app/api ('' for none). */
function routeFiles(dir = API_DIR, rel = ''): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory())
      out.push(...routeFiles(path.join(dir, entry.name), rel ? `${rel}/${entry.name}` : entry.name));
    else if (entry.name === 'route.ts') out.push(rel);
  }
  return out.sort();
}

/** The OpenAPI path of a route folder: `[publicId]` → `{publicId}`, `[...path]` → `{path}`. */
function openApiPath(rel: string): string {
  return `/api/${rel}`.replace(/\[(?:\.\.\.)?([^\]]+)\]/g, '{$1}');
}

describe('GET /api/openapi.json', () => {
  let doc: Doc;
  beforeAll(async () => {
    const res = await openapi(new Request('http://localhost/api/openapi.json'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    doc = (await res.json()) as Doc;
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('the validator refuses a broken document (the check can fail)', async () => {
    // OpenAPI 3.1 requires `required: true` on every path parameter.
    const broken = structuredClone(doc);
    const param = broken.paths['/api/titles/{publicId}'].get.parameters?.[0];
    if (!param) throw new Error('no path parameter');
    param.required = false;
    expect((await new Validator().validate(broken as unknown as Record<string, unknown>)).valid).toBe(false);
  });

  it('lists every route file under app/api with every method it exports', async () => {
    const files = routeFiles();
    expect(files.length).toBeGreaterThanOrEqual(50);
    for (const rel of files) {
      const mod = (await import(/* @vite-ignore */ path.join(API_DIR, rel, 'route.ts'))) as Record<string, unknown>;
      const exported = METHODS.filter((m) => typeof mod[m] === 'function');
      expect(exported.length, rel).toBeGreaterThan(0);
      const item = doc.paths[openApiPath(rel)];
      expect(item, `${openApiPath(rel)} (app/api/${rel}/route.ts) is missing from the document`).toBeDefined();
      for (const m of exported) {
        expect(
          (mod[m] as { doc?: { path: string } }).doc?.path,
          `${m} of app/api/${rel} is not made with route()`,
        ).toBe(openApiPath(rel));
        expect(item[m.toLowerCase()], `${m} ${openApiPath(rel)}`).toBeDefined();
      }
    }
  });

  it('says who may call: the session cookie and the Bearer token for members, nothing for public reads', () => {
    expect(doc.components.securitySchemes.sessionCookie).toEqual(
      expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'discshelf_session' }),
    );
    expect(doc.components.securitySchemes.bearerToken).toEqual(
      expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    );
    const member = doc.paths['/api/collections/{publicId}/entries'].post;
    expect(member['x-auth']).toBe('member');
    expect(member.security).toEqual([{ sessionCookie: [] }, { bearerToken: [] }]);
    expect(Object.keys(member.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '413']));
    // A write without documented body fields still has its body read with the cap.
    const bodyless = doc.paths['/api/me/sessions/{id}'].delete;
    expect(bodyless.requestBody).toBeUndefined();
    expect(Object.keys(bodyless.responses)).toContain('413');
    const read = doc.paths['/api/releases/{publicId}'].get;
    expect(Object.keys(read.responses)).not.toContain('413');
    expect(read['x-auth']).toBe('public');
    expect(read.security).toEqual([]);
    expect(read.parameters).toEqual([expect.objectContaining({ in: 'path', name: 'publicId', required: true })]);
  });

  it('describes the close spelling matches of searches: optional on list pages, nullable in /api/search', () => {
    expect(doc.components.schemas.CloseMatch).toMatchObject({
      type: 'object',
      required: ['q', 'words'],
      properties: { q: { type: 'string' }, words: { type: 'array' } },
    });
    for (const list of ['/api/titles', '/api/releases', '/api/persons', '/api/labels']) {
      const page = okSchema(doc.paths[list].get);
      expect(page.properties?.close).toEqual({ $ref: '#/components/schemas/CloseMatch' });
      expect(page.required).toEqual(['items', 'next_cursor']);
    }
    expect(okSchema(doc.paths['/api/search'].get).properties?.close).toEqual({
      anyOf: [{ $ref: '#/components/schemas/CloseMatch' }, { type: 'null' }],
    });
  });

  it('describes query parameters and bodies', () => {
    const releases = doc.paths['/api/releases'].get.parameters?.map((p) => `${p.in}:${p.name}`);
    expect(releases).toEqual(
      expect.arrayContaining([
        'query:fo',
        'query:co',
        'query:so',
        'query:ean',
        'query:label',
        'query:cursor',
        'query:limit',
      ]),
    );
    expect(doc.paths['/api/persons'].get.parameters?.map((p) => p.name)).toEqual(['q', 'cursor', 'limit']);
    expect(doc.paths['/api/collections'].post.requestBody).toMatchObject({
      content: { 'application/json': { schema: { type: 'object' } } },
    });
    expect(doc.paths['/api/me/picture'].post.requestBody).toMatchObject({
      content: { 'multipart/form-data': { schema: { properties: { picture: { format: 'binary' } } } } },
    });
  });

  it('says what every request body field takes', () => {
    expect(saysWhatItTakes({ type: 'string' })).toBe(false);
    expect(saysWhatItTakes({ type: ['string', 'number', 'null'] })).toBe(false);
    expect(saysWhatItTakes({ anyOf: [{ type: 'string', const: '' }, { type: 'string' }] })).toBe(false);
    const bare: string[] = [];
    let fields = 0;
    for (const [p, item] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(item)) {
        const content = (op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content;
        for (const { schema } of Object.values(content ?? {}))
          for (const [name, field] of fieldsOf(schema)) {
            fields += 1;
            if (!saysWhatItTakes(field)) bare.push(`${method.toUpperCase()} ${p}: ${name}`);
          }
      }
    expect(fields).toBeGreaterThan(100);
    expect(bare).toEqual([]);

    const entry = JSON.stringify(doc.paths['/api/collections/{publicId}/entries'].post.requestBody);
    expect(entry).toContain('1 mint, 2 good, 3 fine/OK, 4 bad, 5 unusable, 6 sealed');
    expect(entry).toContain('EUR, GBP, USD, SEK');
    const review = JSON.stringify(doc.paths['/api/reviews'].post.requestBody);
    expect(review).toContain('excellent, good, mediocre, bad, worst, or 5-1');
    expect(review).toContain('cinema, streaming, television, youtube, netflix, amazon');
  });
});
