import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * The module rule of `npm run deps` (.dependency-cruiser.cjs) run on small trees laid out like
 * packages/server/src and packages/web/src, so a deliberate breach is shown to fail and the allowed
 * way to pass: the rule is only worth what it catches.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const depcruise = join(root, 'node_modules/.bin/depcruise');
const config = join(root, '.dependency-cruiser.cjs');

type Violation = { rule: string; from: string; to: string };

let tree: string | undefined;
afterEach(() => {
  if (tree) rmSync(tree, { recursive: true, force: true });
  tree = undefined;
});

/** Writes `files` (path → source) under a fresh folder and answers what the rule finds there. */
const violationsIn = (files: Record<string, string>): Violation[] => {
  tree = mkdtempSync(join(tmpdir(), 'module-rules-'));
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), source);
  }
  mkdirSync(join(tree, 'packages/server/src'), { recursive: true });
  mkdirSync(join(tree, 'packages/web/src'), { recursive: true });
  const run = spawnSync(depcruise, ['packages/server/src', 'packages/web/src', '--config', config, '--output-type', 'json'], { cwd: tree, encoding: 'utf8' });
  const result = JSON.parse(run.stdout) as { summary: { violations: { rule: { name: string }; from: string; to: string }[] } };
  return result.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
};

const ordersFace = {
  'packages/server/src/modules/orders/index.ts': "export { findRecord } from './record.repository.js';\n",
  'packages/server/src/modules/orders/record.repository.ts': 'export const findRecord = () => 1;\n',
};

describe('the module rule', () => {
  it('lets a higher module use a lower one through its face, and a module its own files directly', () => {
    expect(
      violationsIn({
        ...ordersFace,
        'packages/server/src/modules/payments/pay.ts': "import { findRecord } from '../orders/index.js';\nexport const pay = () => findRecord();\n",
        'packages/server/src/modules/orders/exit.ts': "import { findRecord } from './record.repository.js';\nexport const exit = () => findRecord();\n",
      }),
    ).toEqual([]);
  });

  it("refuses a reach past another module's face into its repository", () => {
    expect(
      violationsIn({
        ...ordersFace,
        'packages/server/src/modules/payments/pay.ts': "import { findRecord } from '../orders/record.repository.js';\nexport const pay = () => findRecord();\n",
      }),
    ).toEqual([{ rule: 'module-through-its-face', from: 'packages/server/src/modules/payments/pay.ts', to: 'packages/server/src/modules/orders/record.repository.ts' }]);
  });

  it('refuses a lower module importing a higher one, even through its face', () => {
    expect(
      violationsIn({
        ...ordersFace,
        'packages/server/src/modules/parking/lot.ts': "import { findRecord } from '../orders/index.js';\nexport const lot = () => findRecord();\n",
      }),
    ).toEqual([{ rule: 'module-order-parking', from: 'packages/server/src/modules/parking/lot.ts', to: 'packages/server/src/modules/orders/index.ts' }]);
  });

  it('refuses a cycle between files', () => {
    const found = violationsIn({
      'packages/server/src/shared/a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
      'packages/server/src/shared/b.ts': "import { a } from './a.js';\nexport const b = () => a;\n",
    });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ rule: 'no-circular', from: expect.stringMatching(/shared\/[ab]\.ts$/), to: expect.stringMatching(/shared\/[ab]\.ts$/) });
  });

  it("keeps the web's shared folder free of modules and the server's plugins free of modules", () => {
    const found = violationsIn({
      'packages/web/src/modules/orders/index.ts': 'export const recordPath = "/x";\n',
      'packages/web/src/shared/link.ts': "import { recordPath } from '../modules/orders/index';\nexport const link = recordPath;\n",
      ...ordersFace,
      'packages/server/src/plugins/auth.ts': "import { findRecord } from '../modules/orders/index.js';\nexport const auth = findRecord;\n",
    });
    expect(found.map((v) => v.rule).sort()).toEqual(['server-infrastructure-knows-no-module', 'web-shared-knows-no-module-or-shell']);
  });

  it('refuses a web module reaching up into the app, the shell or the phone pages that compose it', () => {
    const found = violationsIn({
      'packages/web/src/app/route-guard.ts': 'export const loginPath = "/login";\n',
      'packages/web/src/modules/auth/login-form.ts': "import { loginPath } from '../../app/route-guard';\nexport const form = loginPath;\n",
    });
    expect(found).toEqual([{ rule: 'web-module-knows-nothing-above-it', from: 'packages/web/src/modules/auth/login-form.ts', to: 'packages/web/src/app/route-guard.ts' }]);
  });

  it('lets a test set up a scenario across modules', () => {
    expect(
      violationsIn({
        ...ordersFace,
        'packages/server/src/modules/parking/lot.test.ts': "import { findRecord } from '../orders/record.repository.js';\nexport const t = findRecord;\n",
      }),
    ).toEqual([]);
  });
});
