import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint, pathOf, pathParamNames } from './endpoint.js';

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
