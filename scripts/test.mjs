// `npm test`: lint, type checks, unit tests, API integration tests (on the embedded PostgreSQL server that the API's
// own test setup starts, or on TEST_DATABASE_URL's server) and the end-to-end journeys in Debian's Chromium.
// Every stage runs even when an earlier one failed, and all are reported, ending with `N passed, N failed`.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { binDir, ensureInstalled, log, root, run, runLogged } from "./lib/bootstrap.mjs";

const reports = path.join(root, ".tasuki", "reports");

function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean);
  return candidates.find((candidate) => existsSync(candidate));
}

/** Debian's Chromium, never a downloaded browser: installed here when we are root, else one line of advice. */
function ensureChromium() {
  let chromium = findChromium();
  if (chromium) return chromium;
  if (process.getuid?.() !== 0) {
    console.error(
      "Chromium is missing: run `sudo apt-get install -y chromium fonts-noto-cjk` (or set CHROMIUM_PATH), then npm test again.",
    );
    process.exit(1);
  }
  log("installing Debian's chromium…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  const status = spawnSync("apt-get", ["install", "-y", "-qq", "chromium", "fonts-noto-cjk"], {
    stdio: "inherit",
    env,
  }).status;
  chromium = findChromium();
  if (status !== 0 || !chromium) {
    console.error("Could not install chromium with apt-get; install it and run npm test again.");
    process.exit(1);
  }
  return chromium;
}

/** poppler's pdftotext: the API tests read every invoice PDF back as text. Installed like Chromium. */
function ensurePdftotext() {
  const found = () => spawnSync("pdftotext", ["-v"], { stdio: "ignore" }).status === 0;
  if (found()) return;
  if (process.getuid?.() !== 0) {
    console.error("pdftotext is missing: run `sudo apt-get install -y poppler-utils`, then npm test again.");
    process.exit(1);
  }
  log("installing poppler-utils (pdftotext)…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  spawnSync("apt-get", ["install", "-y", "-qq", "poppler-utils"], { stdio: "inherit", env });
  if (!found()) {
    console.error("Could not install poppler-utils with apt-get; install it and run npm test again.");
    process.exit(1);
  }
}

const totals = { passed: 0, failed: 0, skipped: 0 };

/** Adds a report's counts to the totals; answers its failed count. */
function countVitest(file) {
  if (!existsSync(file)) return 0;
  const report = JSON.parse(readFileSync(file, "utf8"));
  totals.passed += report.numPassedTests ?? 0;
  // A file that fails to load has no failed test but fails the run: count it once.
  const failed = Math.max(report.numFailedTests ?? 0, report.success === false ? 1 : 0);
  totals.failed += failed;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  return failed;
}

function countPlaywright(file) {
  if (!existsSync(file)) return 0;
  const { stats } = JSON.parse(readFileSync(file, "utf8"));
  totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  totals.failed += stats.unexpected ?? 0;
  totals.skipped += stats.skipped ?? 0;
  return stats.unexpected ?? 0;
}

const steps = [];
/** A stage, reported with its time. `fn` answers an exit code, or `{ code, failed }` when it counted failed tests. */
async function step(name, fn) {
  const started = Date.now();
  log(`▶ ${name}`);
  let code;
  let failed = 0;
  try {
    const result = await fn();
    ({ code, failed = 0 } = typeof result === "number" ? { code: result } : result);
  } catch (error) {
    console.error(error);
    code = 1;
  }
  // A stage that failed without a failed test in its report (lint, types, build, a crash) counts as one.
  if (code !== 0 && failed === 0) totals.failed += 1;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  steps.push({ name, ok: code === 0, seconds });
  if (code !== 0) log(`✗ ${name} failed (${seconds} s)`);
  else log(`✓ ${name} (${seconds} s)`);
}

function finish() {
  for (const s of steps) log(`${s.ok ? "✓" : "✗"} ${s.name} ${s.seconds} s`);
  const code = steps.some((s) => !s.ok) ? 1 : 0;
  console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`);
  process.exit(code);
}

const bin = (name) => path.join(binDir, name);
const vitest = async (name, projects, env = {}, runner = run) => {
  const out = path.join(reports, `vitest-${name}.json`);
  const args = [
    "run",
    ...projects.flatMap((p) => ["--project", p]),
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${out}`,
  ];
  const code = await runner(bin("vitest"), args, { env });
  return { code, failed: countVitest(out) };
};

ensureInstalled();
const chromium = ensureChromium();
ensurePdftotext();
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

await step("lint (biome)", () => run(bin("biome"), ["check", "."]));
await step("type check (tsc)", async () => {
  for (const project of ["packages/contract", "apps/api", "apps/web", "e2e", "bench"]) {
    if (!existsSync(path.join(root, project, "tsconfig.json"))) continue;
    const code = await run(bin("tsc"), ["-p", project]);
    if (code !== 0) return code;
  }
  return 0;
});
await step("unit tests", () => vitest("unit", ["contract", "web"]));
// Built before the suites: the journeys need the bundle and the app. Built here rather than through ensureBuilt(),
// which ends the process on a failure: the report must come.
await step("build", () => run("npm", ["run", "build", "--silent"]));
// The API suite, then the journeys. TASUKI_TEST_PARALLEL=1 runs them side by side, each printing its output whole
// when it ends: faster on a machine with cores to spare, but on two cores the journeys' pages then wait past their
// timeouts (tried: most journeys timed out).
const parallel = process.env.TASUKI_TEST_PARALLEL === "1";
const apiSuite = () =>
  step("API integration tests (PostgreSQL)", () =>
    vitest("api", ["api"], {}, parallel ? (command, args, options) => runLogged(command, args, options, "api") : run),
  );
const journeys = () =>
  step("end-to-end tests in Chromium", async () => {
    const out = path.join(reports, "playwright.json");
    const args = ["test", "--config", "e2e/playwright.config.ts", "--reporter=list,json"];
    const options = { env: { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: out } };
    const code = parallel
      ? await runLogged(bin("playwright"), args, options, "e2e")
      : await run(bin("playwright"), args, options);
    return { code, failed: countPlaywright(out) };
  });
if (parallel) {
  log("the API suite and the end-to-end journeys run side by side; each prints its output when it ends");
  await Promise.all([apiSuite(), journeys()]);
} else {
  await apiSuite();
  await journeys();
}
finish();
