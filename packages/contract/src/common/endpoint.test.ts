import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parkingArea, parkingAreaInput, parkingAreaListQuery, parkingAreaPage } from '../parking/area.schema.js';
import { parkingAreaEndpoints } from '../parking/area.endpoints.js';
import { endpoint, idParams, itemEndpoints, pathOf, pathParamNames, resourcePaths, type Endpoint } from './endpoint.js';

const lotEventRules = endpoint({
  method: 'PUT',
  path: '/api/system/Parking/:id/EventRules',
  params: z.object({ id: z.uuid() }),
  body: z.object({ longStayHours: z.number() }),
  answer: z.object({ longStayHours: z.number() }),
});

describe('endpoint', () => {
  it('keeps the declaration as it was given', () => {
    expect(lotEventRules.method).toBe('PUT');
    expect(lotEventRules.path).toBe('/api/system/Parking/:id/EventRules');
  });

  it('refuses params that do not name the path segments', () => {
    const path: string = '/api/system/Parking/:id/EventRules';
    expect(() => endpoint({ method: 'GET', path, params: z.object({ lotId: z.string() }), answer: z.null() })).toThrow('params declare [lotId], the path names [id]');
    expect(() => endpoint({ method: 'GET', path, answer: z.null() })).toThrow('params declare [], the path names [id]');
  });

  it('lists the names of a path', () => {
    expect(pathParamNames('/api/oauth/getAconfig/:account')).toEqual(['account']);
    expect(pathParamNames('/api/a/:lotId/b/:id')).toEqual(['lotId', 'id']);
    expect(pathParamNames('/api/system/Tariff')).toEqual([]);
  });
});

describe('pathOf', () => {
  it('encodes each param', () => {
    expect(pathOf(lotEventRules, { id: 'a/b c' })).toBe('/api/system/Parking/a%2Fb%20c/EventRules');
    const two = endpoint({ method: 'GET', path: '/x/:lotId/y/:no', params: z.object({ lotId: z.string(), no: z.coerce.number() }), answer: 'file' });
    expect(pathOf(two, { lotId: '京A', no: 3 })).toBe('/x/%E4%BA%ACA/y/3');
  });

  it('leaves a path without params as it is', () => {
    expect(pathOf(endpoint({ method: 'GET', path: '/api/system/Tariff', answer: z.null() }))).toBe('/api/system/Tariff');
  });
});

/** Compiles a snippet next to this file and answers its type errors. */
const typeErrors = (source: string): string[] => {
  const fileName = fileURLToPath(new URL('./endpoint.snippet.ts', import.meta.url));
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2023,
    skipLibCheck: true,
  };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (name) => name === fileName || fileExists(name);
  host.readFile = (name) => (name === fileName ? source : readFile(name));
  host.getSourceFile = (name, version, ...rest) => (name === fileName ? ts.createSourceFile(name, source, version) : getSourceFile(name, version, ...rest));
  const program = ts.createProgram([fileName], options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file?.fileName === fileName)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' '));
};

const header = `
import { z } from 'zod';
import { endpoint, pathOf, type AnswerOf, type BodyOf } from './endpoint.js';
const rules = endpoint({ method: 'PUT', path: '/api/system/Parking/:id/EventRules', params: z.object({ id: z.string() }), body: z.object({ hours: z.number() }), answer: z.object({ hours: z.number() }) });
`;

describe('endpoint types', () => {
  it('infer the answer and the body, and accept the right params', () => {
    expect(
      typeErrors(`${header}
        const answer: AnswerOf<typeof rules> = { hours: 1 };
        const body: BodyOf<typeof rules> = { hours: 2 };
        export const url = pathOf(rules, { id: 'x' }) + String(answer.hours + body.hours);`),
    ).toEqual([]);
  }, 30_000);

  it('make a missing or misnamed param, a renamed field and a params schema that misses the path errors', () => {
    const errors = typeErrors(`${header}
      export const a = pathOf(rules);
      export const b = pathOf(rules, { lotId: 'x' });
      export const c: AnswerOf<typeof rules> = { hour: 1 };
      export const d = endpoint({ method: 'GET', path: '/api/x/:lotId', params: z.object({ id: z.string() }), answer: z.null() });
      export const e = endpoint({ method: 'GET', path: '/api/x/:lotId', answer: z.null() });`);
    expect(errors).toHaveLength(5);
    expect(errors[0]).toMatch(/Expected 2 arguments, but got 1/);
    expect(errors[1]).toMatch(/'lotId' does not exist/);
    expect(errors[2]).toMatch(/'hour' does not exist/);
    expect(errors[3]).toMatch(/lotId/);
    expect(errors[4]).toMatch(/params/);
  }, 30_000);
});

/** 片区 as it was declared by hand before the builders: what they must still produce. */
const handPaths = {
  list: '/api/system/ParkingArea',
  item: '/api/system/ParkingArea/:id',
  export: '/api/system/ParkingArea/Actions/Export',
} as const;
const handParams = idParams('片区编号格式不正确');
const handAreaEndpoints = {
  list: endpoint({ method: 'GET', path: handPaths.list, query: parkingAreaListQuery, answer: parkingAreaPage }),
  export: endpoint({ method: 'GET', path: handPaths.export, query: parkingAreaListQuery, answer: 'file' }),
  detail: endpoint({ method: 'GET', path: handPaths.item, params: handParams, answer: parkingArea }),
  create: endpoint({ method: 'POST', path: handPaths.list, body: parkingAreaInput, answer: parkingArea }),
  update: endpoint({ method: 'PUT', path: handPaths.item, params: handParams, body: parkingAreaInput, answer: parkingArea }),
  remove: endpoint({ method: 'DELETE', path: handPaths.item, params: handParams, answer: z.null() }),
};

/** whether each schema of the pair accepts the input, and with what */
const verdicts = (schemas: [z.ZodType | 'file' | undefined, z.ZodType | 'file' | undefined], input: unknown) =>
  schemas.map((schema) => {
    if (schema === undefined || schema === 'file') return schema;
    const result = schema.safeParse(input);
    return result.success ? { data: result.data } : { issues: result.error.issues.map((issue) => issue.message) };
  });

describe('resource endpoints', () => {
  const area = { name: '东区', address: '深圳市南山区', floor: 'B1', lng: 113.9, lat: 22.5, inspectorIds: [], checkInRange: 100, description: '', enabled: true };
  const row = { ...area, id: 'a3f1c0de-0000-4000-8000-000000000001', inspectors: [], createdAt: '2026-03-10T10:00:00+08:00' };
  const inputs = [
    undefined,
    {},
    { id: 'a3f1c0de-0000-4000-8000-000000000001' },
    { id: 'not-a-uuid' },
    area,
    { ...area, name: '  ' },
    { ...area, checkInRange: 20000 },
    { currentPage: '2', pageSize: '20', name: '东', enabled: '1' },
    { currentPage: '0', enabled: '3' },
    { unknown: 1 },
    row,
    { list: [row], pagination: { currentPage: 1, pageSize: 10, total: 1 } },
    null,
  ];

  it('resourcePaths spells the three addresses as they were written by hand', () => {
    expect(resourcePaths('/api/system/ParkingArea')).toEqual(handPaths);
  });

  it('declares each of 片区 endpoints with the method, path and schemas of the hand-written declaration', () => {
    expect(Object.keys(parkingAreaEndpoints).sort()).toEqual(Object.keys(handAreaEndpoints).sort());
    for (const [name, hand] of Object.entries(handAreaEndpoints)) {
      const built: Endpoint = parkingAreaEndpoints[name as keyof typeof handAreaEndpoints];
      expect({ name, method: built.method, path: built.path }).toEqual({ name, method: hand.method, path: hand.path });
      const parts = ['params', 'query', 'body', 'answer'] as const;
      for (const part of parts) {
        const pair: [z.ZodType | 'file' | undefined, z.ZodType | 'file' | undefined] = [(hand as Endpoint)[part], built[part]];
        for (const input of inputs) {
          const [handVerdict, builtVerdict] = verdicts(pair, input);
          expect({ name, part, input, verdict: builtVerdict }).toEqual({ name, part, input, verdict: handVerdict });
        }
      }
    }
    // the inputs reach past the refusals: a form and a filter the schemas take
    expect(parkingAreaEndpoints.create.body.safeParse(area).success).toBe(true);
    expect(parkingAreaEndpoints.list.query.safeParse({ currentPage: '2', enabled: '1' }).success).toBe(true);
  });

  it('refuses an item path whose params do not name its segments', () => {
    const paths = { list: '/api/x', item: '/api/x/:lotId' } as const;
    expect(() => itemEndpoints(paths, { params: idParams('编号格式不正确'), body: z.object({}), answer: z.null() })).toThrow('params declare [id], the path names [lotId]');
  });

  it('types each endpoint exactly as the hand-written declaration', () => {
    const errors = typeErrors(`
      import { z } from 'zod';
      import { endpoint, idParams } from './endpoint.js';
      import { parkingAreaEndpoints as built } from '../parking/area.endpoints.js';
      import { parkingArea, parkingAreaInput, parkingAreaListQuery, parkingAreaPage } from '../parking/area.schema.js';
      type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
      const paths = { list: '/api/system/ParkingArea', item: '/api/system/ParkingArea/:id', export: '/api/system/ParkingArea/Actions/Export' } as const;
      const params = idParams('片区编号格式不正确');
      const hand = {
        list: endpoint({ method: 'GET', path: paths.list, query: parkingAreaListQuery, answer: parkingAreaPage }),
        export: endpoint({ method: 'GET', path: paths.export, query: parkingAreaListQuery, answer: 'file' }),
        detail: endpoint({ method: 'GET', path: paths.item, params, answer: parkingArea }),
        create: endpoint({ method: 'POST', path: paths.list, body: parkingAreaInput, answer: parkingArea }),
        update: endpoint({ method: 'PUT', path: paths.item, params, body: parkingAreaInput, answer: parkingArea }),
        remove: endpoint({ method: 'DELETE', path: paths.item, params, answer: z.null() }),
      };
      export const same: Equals<typeof hand, typeof built> = true;
      export const differs: Equals<typeof hand.update, typeof built.detail> = false;`);
    expect(errors).toEqual([]);
  }, 30_000);
});
