import { describe, expect, it } from 'vitest';
import { apiDocument } from '../../src/app.js';

/** Every `$ref` string in a JSON value, with where it was found. */
function references(value: unknown, at = '#'): Array<{ ref: string; at: string }> {
  if (Array.isArray(value)) return value.flatMap((item, index) => references(item, `${at}/${index}`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) =>
    key === '$ref' && typeof item === 'string' ? [{ ref: item, at }] : references(item, `${at}/${key}`),
  );
}

function resolve(document: unknown, pointer: string): unknown {
  return pointer
    .replace(/^#\//, '')
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], document);
}

describe('the OpenAPI document', () => {
  it('resolves every $ref from its root, so client generators can read it (the category tree is recursive)', () => {
    const document = apiDocument();
    const found = references(document);
    expect(found.length).toBeGreaterThan(0);
    for (const { ref, at } of found) {
      expect(ref, at).toMatch(/^#\/components\/schemas\//);
      expect(resolve(document, ref), `${ref} (from ${at})`).toBeTypeOf('object');
    }
    const tree = resolve(
      document,
      '#/paths/~1api~1v1~1lms~1provision~1tree/get/responses/200/content/application~1json/schema/properties/tree/items',
    ) as { $ref: string };
    const node = resolve(document, tree.$ref) as { properties: { children: { items: { $ref: string } } } };
    expect(node.properties.children.items.$ref).toBe(tree.$ref);
  });
});

/** Every schema object in a JSON value that is nullable and has an enum, with where it was found. */
function nullableEnums(value: unknown, at = '#'): Array<{ values: unknown[]; at: string }> {
  if (Array.isArray(value)) return value.flatMap((item, index) => nullableEnums(item, `${at}/${index}`));
  if (value === null || typeof value !== 'object') return [];
  const object = value as Record<string, unknown>;
  const own = object.nullable === true && Array.isArray(object.enum) ? [{ values: object.enum, at }] : [];
  return [...own, ...Object.entries(object).flatMap(([key, item]) => nullableEnums(item, `${at}/${key}`))];
}

describe('the OpenAPI document and what the service answers (outside audit Y)', () => {
  it('lists null among the values of every nullable enum, as OpenAPI 3.0 validators require', () => {
    const document = apiDocument();
    const found = nullableEnums(document);
    // A recommendation run's status before it starts, a comment not analysed yet: both answered as null.
    expect(found.map((entry) => entry.at)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('recommendations/get/responses/200'),
        expect.stringContaining('report/comments/get/responses/200'),
      ]),
    );
    for (const { values, at } of found) expect(values, at).toContain(null);
  });

  it('documents the two routes served beside the controllers: itself and the metrics scrape', () => {
    const paths = apiDocument().paths as Record<string, Record<string, { security?: unknown[]; responses: object }>>;
    expect(paths['/api/v1/openapi.json']?.get?.security).toEqual([]);
    const metrics = paths['/api/v1/metrics']?.get;
    expect(metrics?.security).toEqual([{ metricsToken: [] }]);
    expect(Object.keys(metrics?.responses ?? {})).toEqual(['200', 'default']);
  });
});
