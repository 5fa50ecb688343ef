/**
 * Module boundaries, the same for packages/server/src and packages/web/src:
 *   `npm run deps`  (depcruise packages/server/src packages/web/src --config .dependency-cruiser.cjs)
 *
 * (a) no cycles (type-only imports are erased at build, so they do not count);
 * (b) a module imports another module only through its face, modules/<m>/index.ts(x);
 * (c) the module order: a module imports only modules below it. The order, lowest first:
 *       1. system < auth < messages
 *            system keeps the identity store (tenants, users, roles, menus, sessions, sign-in
 *            attempts) and the operation log; auth is the sign-in flow over it; messages raises
 *            and shows messages for everyone above.
 *       2. parking < devices; base stands alone
 *            devices are installed at parking's lots, lanes and spaces; regions (base) are data.
 *       3. marketing | customers (neither imports the other)
 *       4. orders (the record core)
 *       5. recovery < payments < service | finance
 *            recovery lists and chases stays in arrears; money taken for one is a payment that
 *            writes its recovery record (追缴) with it; service and finance may use both, not
 *            each other.
 *       6. screens (read models over the rest; the web's top-level screens/ too)
 *     A module may import any module of a lower layer, and in its own layer only the ones the
 *     layer's order puts before it.
 * (d) server plugins/, db/ and shared/ import no module; web shared/ imports no module and no
 *     shell.
 * (e) the web's app/, shell/, mobile/ (the drivers' phone pages) and screens/ sit above the modules:
 *     they too reach a module only through its face, and no module or shared/ imports any of them.
 *     The one exception is app/'s lazy page imports (see web-app-lazy-pages).
 * Tests (*.test.ts(x), test kits, test fixtures, test/ folders) are exempt from (b)-(e): a test may
 * set up a scenario across modules. Cycles count everywhere.
 */
const layers = [['system', 'auth', 'messages'], ['parking', 'devices', 'base'], ['marketing', 'customers'], ['orders'], ['recovery', 'payments', 'service', 'finance'], ['screens']];

/** Within a layer, who may import whom; a module missing here imports nobody of its layer. */
const sameLayer = {
  auth: ['system'],
  messages: ['system', 'auth'],
  devices: ['parking'],
  payments: ['recovery'],
  service: ['payments', 'recovery'],
  finance: ['payments', 'recovery'],
};

const allModules = layers.flat();
const layerOf = (module) => layers.findIndex((layer) => layer.includes(module));

/** The modules `module` may not import: every higher layer, and its own layer but for sameLayer. */
const forbiddenFor = (module) =>
  allModules.filter((other) => other !== module && (layerOf(other) > layerOf(module) || (layerOf(other) === layerOf(module) && !(sameLayer[module] ?? []).includes(other))));

const side = '^packages/(server|web)/src/';
const faces = '^packages/web/src/modules/[^/]+/index\\.tsx?$';
const testFiles = ['\\.test\\.tsx?$', '-test-kit\\.tsx?$', '-fixtures\\.tsx?$', '/test/', '/test-setup\\.ts$'];

const orderRules = allModules.map((module) => ({
  name: `module-order-${module}`,
  severity: 'error',
  comment: `${module} imports only modules below it (the order is in this file's header)`,
  from: { path: `${side}modules/${module}/`, pathNot: testFiles },
  to: {
    path: [`^packages/$1/src/modules/(${forbiddenFor(module).join('|')})/`, '^packages/web/src/mobile/', ...(module === 'screens' ? [] : ['^packages/web/src/screens/'])],
  },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'a cycle makes load order decide what is defined (a route constant read before its module ran)',
      from: { path: side },
      to: { circular: true, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'module-through-its-face',
      severity: 'error',
      comment: 'another module is reached only through its modules/<m>/index.ts: what it offers is what it exports there',
      from: { path: `${side}modules/([^/]+)/`, pathNot: testFiles },
      to: {
        path: '^packages/$1/src/modules/[^/]+/',
        pathNot: ['^packages/$1/src/modules/$2/', '^packages/$1/src/modules/[^/]+/index\\.tsx?$'],
      },
    },
    ...orderRules,
    {
      name: 'web-above-modules-through-the-face',
      severity: 'error',
      comment: 'shell/, mobile/ and screens/ use a module as other modules do: through its modules/<m>/index.ts',
      from: { path: '^packages/web/src/(shell|mobile|screens)/', pathNot: testFiles },
      to: { path: '^packages/web/src/modules/[^/]+/', pathNot: faces },
    },
    {
      name: 'web-app-through-the-face',
      severity: 'error',
      comment: 'app/ composes modules through their modules/<m>/index.ts',
      from: { path: '^packages/web/src/app/', pathNot: testFiles },
      to: { path: '^packages/web/src/modules/[^/]+/', pathNot: faces, dynamic: false },
    },
    {
      // A lazy page import is where the bundle splits: import() of a face would load all of it, so
      // every page of the module would land in one chunk.
      name: 'web-app-lazy-pages',
      severity: 'error',
      comment: "app/'s lazy page imports (lazyPage(() => import(...))) may pass a module's face, but only to a page of its pages/",
      from: { path: '^packages/web/src/app/', pathNot: testFiles },
      to: { path: '^packages/web/src/modules/[^/]+/', pathNot: [faces, '^packages/web/src/modules/[^/]+/pages/[^/]+\\.tsx$'], dynamic: true },
    },
    {
      name: 'server-infrastructure-knows-no-module',
      severity: 'error',
      comment:
        'plugins/, db/ and shared/ serve every module, so they cannot depend on one (take what they need as an option); the demo seed composes modules as app.ts does, through their faces',
      from: { path: '^packages/server/src/(plugins|db|shared)/', pathNot: [...testFiles, '^packages/server/src/db/seed/'] },
      to: { path: '^packages/server/src/modules/' },
    },
    {
      name: 'web-module-knows-nothing-above-it',
      severity: 'error',
      comment: 'a web module is composed by app/, shell/, mobile/ and screens/; it does not reach up into them (what both need lives in shared/)',
      from: { path: '^packages/web/src/modules/', pathNot: testFiles },
      to: { path: '^packages/web/src/(app|shell|screens|mobile)/' },
    },
    {
      name: 'web-shared-knows-no-module-or-shell',
      severity: 'error',
      comment: "the web's shared/ is generic: it knows no module, no shell and none of the pages above them",
      from: { path: '^packages/web/src/shared/', pathNot: testFiles },
      to: { path: '^packages/web/src/(modules|shell|screens|mobile)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/|\\.d\\.ts$' },
    // `import type` is still a dependency between modules; cycles ignore it (see no-circular)
    tsPreCompilationDeps: true,
    reporterOptions: { text: { highlightFocused: true } },
  },
};
