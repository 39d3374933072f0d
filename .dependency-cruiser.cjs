// The floors of the house (docs/architecture.md, decision 0028), checked by `npm test` (scripts/test.mjs runs
// `npm run deps`). Each rule names the floor it keeps; a violation prints the import that breaks it.
//
// API, bottom to top:
//   lib, config                 pure helpers and settings: know no database, no HTTP, no feature
//   db, mail, storage, payments, integrations, ai
//                               adapters to the outside world
//   http, plugins, jobs (runner), realtime (hub)
//                               how requests, sessions, memberships, jobs and events are carried
//   access, plan-gate           who may see what; what the workspace's plan allows
//   modules/*                   the features; a module's repositories are its own
//   app.ts, server.ts, compose-jobs.ts, cli
//                               the composition root: the only files that know every module
const API = "^apps/api/src/";
const COMPOSITION_ROOT = `${API}(app|server|compose-jobs)\\.ts$|${API}cli/`;
const FEATURES = `${API}modules/`;
const TEST = "\\.test\\.tsx?$|/test/|\\.fixtures\\.ts$";

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "An import cycle between files: pull what both need into a lower file.",
      from: { path: "^(apps|packages)/" },
      to: { circular: true },
    },
    {
      name: "no-folder-cycles",
      severity: "error",
      scope: "folder",
      comment:
        "Folders import each other in one direction only: no cycle between feature modules, nor between a floor and what stands on it.",
      from: { path: API },
      to: { circular: true },
    },
    {
      name: "lower-floors-know-no-features",
      severity: "error",
      comment: "Only modules and the composition root may import a feature module.",
      from: { path: API, pathNot: `${FEATURES}|${COMPOSITION_ROOT}|${TEST}` },
      to: { path: FEATURES },
    },
    {
      name: "nothing-imports-the-composition-root",
      severity: "error",
      from: { path: API, pathNot: `${COMPOSITION_ROOT}|${TEST}` },
      to: { path: COMPOSITION_ROOT },
    },
    {
      name: "lib-is-pure",
      severity: "error",
      comment: "lib/ and config/ are pure helpers: no database, HTTP, adapter or feature.",
      from: { path: `${API}(lib/|config/)` },
      to: { path: API, pathNot: `${API}(lib/|config/)` },
    },
    {
      name: "adapters-below-http",
      severity: "error",
      comment:
        "Adapters (db, mail, storage, payments, integrations, ai) know nothing of HTTP, access, plans or features.",
      from: { path: `${API}(db|mail|storage|payments|integrations|ai)/`, pathNot: TEST },
      to: { path: `${API}(http|plugins|access|plan-gate|realtime|jobs)/` },
    },
    {
      name: "http-below-access",
      severity: "error",
      comment: "http/ and plugins/ carry requests; they do not decide visibility or plans.",
      from: { path: `${API}(http|plugins)/` },
      to: { path: `${API}(access|plan-gate|realtime)/` },
    },
    {
      name: "only-repositories-hold-sql",
      severity: "error",
      comment: "SQL lives in *.repository.ts (and db/): services, jobs and routes call repository functions.",
      from: { path: API, pathNot: `\\.repository\\.ts$|${API}db/|${TEST}` },
      to: { path: `^node_modules/drizzle-orm|${API}db/schema/`, dependencyTypesNot: ["type-only"] },
    },
    {
      name: "repositories-are-private-to-their-module",
      severity: "error",
      comment: "Another module asks through the owning module's service, never its repository.",
      from: { path: `${FEATURES}([^/]+)/`, pathNot: TEST },
      to: { path: `${FEATURES}[^/]+/.*\\.repository\\.ts$`, pathNot: `${FEATURES}$1/` },
    },
    {
      name: "contract-stands-alone",
      severity: "error",
      from: { path: "^packages/contract/" },
      to: { path: "^apps/" },
    },
    {
      name: "web-features-talk-through-their-data-layer",
      severity: "error",
      comment:
        "A web feature imports another feature only through its api/ folder (queryOptions, hooks, key factory); what several features' screens share lives in src/components, src/hooks or src/lib.",
      from: { path: "^apps/web/src/features/([^/]+)/" },
      to: { path: "^apps/web/src/features/[^/]+/", pathNot: "^apps/web/src/features/($1/|[^/]+/api/)" },
    },
    {
      name: "web-shared-layer-knows-no-feature",
      severity: "error",
      from: { path: "^apps/web/src/(components|hooks|lib)/" },
      to: { path: "^apps/web/src/features/" },
    },
    {
      name: "web-components-do-not-call-the-api",
      severity: "error",
      comment: "Only a feature's api/ files call callApi; components use their hooks.",
      from: { path: "^apps/web/src/", pathNot: "/api/|^apps/web/src/lib/|\\.test\\.tsx?$" },
      to: { path: "^apps/web/src/lib/api-client\\.ts$" },
    },
  ],
  options: {
    parser: "swc",
    tsConfig: { fileName: "tsconfig.base.json" },
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
    // Tests may reach across floors to set up what they check; the floors are the product's code.
    exclude: { path: `node_modules|route-tree\\.gen\\.ts$|/dist/|${TEST}` },
  },
};
