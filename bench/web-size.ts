// The JavaScript a first visit of a page downloads, from the built web app (apps/web/dist; build it first with
// `npm run build -w @tasuki/web`): the entry chunk of index.html with everything it imports statically, then the
// lazy chunks of each route on the way to the page (TanStack Router splits every route's component into its own
// chunk; the hidden source maps tell which chunk is which route file) with their static imports not already
// loaded. Sizes are raw and gzip (zlib level 6, as a web server compresses on the fly), and **sent**: what the
// server transfers to a browser that accepts brotli, i.e. the `.br` file the build wrote beside the asset
// (apps/web/vite.config.ts; the API serves it with `preCompressed`), or the raw file when there is none.
//
//   npm run bench:web-size -w @tasuki/bench [-- /task/me /organization/staff …]   (default: /task/me)
//
// Budget: the run fails (exit code 1) when /task/me's JavaScript is over WEB_SIZE_BUDGET_KIB KiB gzip (300, the aim
// of issue 17), after writing its table and results; other pages are only reported.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { formatTable, root } from "./lib.ts";

const budgetKib = Number(process.env.WEB_SIZE_BUDGET_KIB ?? 300);
if (!Number.isFinite(budgetKib) || budgetKib <= 0) {
  console.error("bench: WEB_SIZE_BUDGET_KIB must be a positive number of KiB");
  process.exit(2);
}
const BUDGET_PAGE = "/task/me";
const dist = path.join(root, "apps/web/dist");
const assets = path.join(dist, "assets");
if (!existsSync(path.join(dist, "index.html"))) {
  console.error("bench: apps/web/dist is missing: build the web app first (npm run build -w @tasuki/web)");
  process.exit(2);
}

const sizeCache = new Map<string, { raw: number; gzip: number; sent: number }>();
function sizeOf(file: string) {
  let size = sizeCache.get(file);
  if (!size) {
    const bytes = readFileSync(path.join(assets, file));
    const brotli = path.join(assets, `${file}.br`);
    size = {
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 6 }).length,
      sent: existsSync(brotli) ? statSync(brotli).size : bytes.length,
    };
    sizeCache.set(file, size);
  }
  return size;
}

/** Static imports of a chunk (`import … from "./x.js"`, `import "./x.js"`, `export … from "./x.js"`), not import(). */
function staticImports(file: string): string[] {
  const code = readFileSync(path.join(assets, file), "utf8");
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["']\.\/([^"']+\.js)["']/g)) found.add(match[1]!);
  return [...found];
}

function closure(start: string[], loaded: Set<string>): string[] {
  const added: string[] = [];
  const queue = start.filter((file) => !loaded.has(file));
  while (queue.length) {
    const file = queue.shift()!;
    if (loaded.has(file)) continue;
    loaded.add(file);
    added.push(file);
    for (const next of staticImports(file)) if (!loaded.has(next)) queue.push(next);
  }
  return added;
}

// Which chunk holds which route file's component (from the chunks' source maps).
const routeChunks = new Map<string, string>();
for (const name of readdirSync(assets)) {
  if (!name.endsWith(".js.map")) continue;
  const { sources } = JSON.parse(readFileSync(path.join(assets, name), "utf8")) as { sources: string[] };
  for (const source of sources) {
    const match = /src\/routes\/(.+)\.tsx\?tsr-split=component/.exec(source);
    if (match) routeChunks.set(match[1]!, name.replace(/\.map$/, ""));
  }
}

/** The route files a URL goes through: _app/route, _app/task/route (when it exists), _app/task/me … */
function routeFilesOf(url: string): string[] {
  const parts = url.split("/").filter(Boolean);
  const files: string[] = [];
  const layouts = ["", "_app/"];
  for (const layout of layouts) if (routeChunks.has(`${layout}route`)) files.push(`${layout}route`);
  let prefix = routeChunks.has("_app/route") ? "_app/" : "";
  for (const [index, part] of parts.entries()) {
    const leaf = index === parts.length - 1;
    const dir = `${prefix}${part}`;
    if (routeChunks.has(`${dir}/route`)) files.push(`${dir}/route`);
    if (leaf) {
      for (const candidate of [dir, `${dir}/index`]) if (routeChunks.has(candidate)) files.push(candidate);
    }
    prefix = `${dir}/`;
  }
  return files;
}

const html = readFileSync(path.join(dist, "index.html"), "utf8");
const entry = [...html.matchAll(/<script[^>]+src="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!);
const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/assets\/([^"]+\.css)"/g)].map((m) => m[1]!);

const urls = process.argv.slice(2).filter((arg) => arg.startsWith("/"));
const report = [];
const rows: (string | number)[][] = [["page", "part", "chunks", "raw KiB", "gzip KiB", "sent (br) KiB"]];
const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const sum = (files: string[], key: "raw" | "gzip" | "sent") =>
  files.reduce((total, file) => total + sizeOf(file)[key], 0);
for (const url of urls.length ? urls : ["/task/me"]) {
  const loaded = new Set<string>();
  const entryFiles = closure(entry, loaded);
  const parts = [{ part: "entry (index.html)", files: entryFiles }];
  for (const routeFile of routeFilesOf(url)) {
    parts.push({ part: `routes/${routeFile}.tsx`, files: closure([routeChunks.get(routeFile)!], loaded) });
  }
  const all = parts.flatMap((part) => part.files);
  for (const { part, files } of parts)
    rows.push([url, part, files.length, kib(sum(files, "raw")), kib(sum(files, "gzip")), kib(sum(files, "sent"))]);
  rows.push([url, "total JavaScript", all.length, kib(sum(all, "raw")), kib(sum(all, "gzip")), kib(sum(all, "sent"))]);
  report.push({
    url,
    parts: parts.map(({ part, files }) => ({
      part,
      files,
      rawBytes: sum(files, "raw"),
      gzipBytes: sum(files, "gzip"),
      sentBytes: sum(files, "sent"),
    })),
    totalJs: {
      chunks: all.length,
      rawBytes: sum(all, "raw"),
      gzipBytes: sum(all, "gzip"),
      sentBytes: sum(all, "sent"),
    },
    css: css.map((file) => ({
      file,
      rawBytes: sizeOf(file).raw,
      gzipBytes: sizeOf(file).gzip,
      sentBytes: sizeOf(file).sent,
    })),
  });
}
console.log(formatTable(rows));
const dir = path.join(root, "bench/results");
mkdirSync(dir, { recursive: true });
const file = path.join(dir, `web-size-${new Date().toISOString().slice(0, 10)}.json`);
writeFileSync(
  file,
  `${JSON.stringify({ benchmark: "web-size", date: new Date().toISOString(), budgetKib, pages: report }, null, 2)}\n`,
);
console.log(`bench: results in ${path.relative(root, file)}`);
const budgeted = report.find((page) => page.url === BUDGET_PAGE);
if (budgeted) {
  const gzipKib = kib(budgeted.totalJs.gzipBytes);
  if (gzipKib > budgetKib) {
    console.error(
      `bench: ${BUDGET_PAGE} loads ${gzipKib} KiB of JavaScript (gzip), over the budget of ${budgetKib} KiB`,
    );
    process.exitCode = 1;
  } else {
    console.log(
      `bench: ${BUDGET_PAGE} loads ${gzipKib} KiB of JavaScript (gzip), within the budget of ${budgetKib} KiB`,
    );
  }
}
