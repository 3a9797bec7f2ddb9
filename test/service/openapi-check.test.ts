import { describe, expect, it } from 'vitest';
import { OpenApiCheck } from '../helpers/openapi-check';

const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const doc = {
  paths: {
    '/things/{uuid}': {
      get: {
        responses: {
          200: json({
            type: 'object',
            required: ['data'],
            properties: { data: { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } } },
          }),
          '4XX': json({ type: 'object', required: ['code'], properties: { code: { type: 'integer' } } }),
        },
      },
    },
    '/stream': { get: { responses: { '4XX': json({ type: 'object' }) } } },
  },
};

describe('the OpenAPI response check used by every HTTP test', () => {
  it('accepts responses as documented', () => {
    const check = new OpenApiCheck(doc);
    check.record('GET', '/things/:uuid', 200, 'application/json; charset=utf-8', '{"data":{"n":1}}');
    check.record('GET', '/things/:uuid', 404, 'application/json', '{"code":55031}');
    check.record('GET', '/stream', 200, 'text/event-stream', undefined);
    check.record('GET', '/not-documented', 200, 'application/json', '{}');
    expect(check.violations).toEqual([]);
  });

  it('reports a body that does not match and a status that is not documented', () => {
    const check = new OpenApiCheck(doc);
    check.record('GET', '/things/:uuid', 200, 'application/json', '{"data":{"n":"one"}}');
    check.record('GET', '/things/:uuid', 302, 'application/json', '{}');
    expect(check.violations).toHaveLength(2);
    expect(check.violations[0]).toContain('GET /things/{uuid} 200');
    expect(check.violations[1]).toContain('status 302 is not in the document');
  });
});
