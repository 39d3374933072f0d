// Runs on whatever Node the machine has (20 on a fresh machine): plain JavaScript, no dependencies.
// It installs the project's own Node 24 (the `node` devDependency) and hands everything else to it.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const stateDir = path.join(root, ".tasuki");
export const nodeBin = path.join(root, "node_modules", ".bin", "node");
export const binDir = path.join(root, "node_modules", ".bin");

/** PATH with the project's binaries (and so its Node 24) first. */
export function projectEnv(extra = {}) {
  return { ...process.env, PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ""}`, ...extra };
}

export function log(message) {
  process.stdout.write(`[tasuki] ${message}\n`);
}

export function runSync(command, args, options = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: "inherit",
    env: projectEnv(options.env),
    ...options.spawn,
  });
  return result.status ?? 1;
}

export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: "inherit", env: projectEnv(options.env) });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function hashFiles(paths) {
  const hash = createHash("sha256");
  const visit = (p) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (stat.isDirectory()) {
      for (const name of readdirSync(p).sort()) {
        if (name === "node_modules" || name === "dist" || name.startsWith(".")) continue;
        visit(path.join(p, name));
      }
    } else {
      hash.update(path.relative(root, p));
      hash.update(readFileSync(p));
    }
  };
  for (const p of paths) visit(path.join(root, p));
  return hash.digest("hex");
}

function readStamp(name) {
  const file = path.join(stateDir, name);
  return existsSync(file) ? readFileSync(file, "utf8").trim() : "";
}

function writeStamp(name, value) {
  mkdirSync(stateDir, { recursive: true });
  writeFileSync(path.join(stateDir, name), value);
}

/** `npm ci` when node_modules is missing or older than the lockfile; nothing otherwise. */
export function ensureInstalled() {
  const lockHash = hashFiles(["package-lock.json"]);
  if (existsSync(nodeBin) && readStamp("install-hash") === lockHash) return;
  log("installing dependencies (npm ci)…");
  const started = Date.now();
  const status = runSync("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"]);
  if (status !== 0) {
    log("npm ci failed");
    process.exit(status);
  }
  writeStamp("install-hash", lockHash);
  log(`dependencies installed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const buildInputs = [
  "package-lock.json",
  "packages/contract/src",
  "apps/api/src",
  "apps/api/build.mjs",
  "apps/api/package.json",
  "apps/web/src",
  "apps/web/public",
  "apps/web/index.html",
  "apps/web/vite.config.ts",
  "apps/web/package.json",
];

/** Builds the web app and the API bundle when their sources changed since the last build. */
export function ensureBuilt() {
  const sourceHash = hashFiles(buildInputs);
  const built =
    existsSync(path.join(root, "apps/api/dist/server.js")) && existsSync(path.join(root, "apps/web/dist/index.html"));
  if (built && readStamp("build-hash") === sourceHash) return;
  log("building the web app and the API…");
  const started = Date.now();
  const status = runSync("npm", ["run", "build", "--silent"]);
  if (status !== 0) {
    log("build failed");
    process.exit(status);
  }
  writeStamp("build-hash", sourceHash);
  log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Like run(), with the command's output kept and printed whole when it ends (under a `[tasuki] ── label` line),
 * so that two commands running side by side do not interleave their lines.
 */
export function runLogged(command, args, options = {}, label = path.basename(command)) {
  return new Promise((resolve) => {
    const chunks = [];
    const child = spawn(command, args, {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      env: projectEnv({ FORCE_COLOR: process.stdout.isTTY ? "1" : "0", ...options.env }),
    });
    child.stdout.on("data", (chunk) => chunks.push(chunk));
    child.stderr.on("data", (chunk) => chunks.push(chunk));
    child.on("close", (code, signal) => {
      log(`── output of ${label} ──`);
      process.stdout.write(Buffer.concat(chunks));
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}
