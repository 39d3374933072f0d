// `npm run demo`: fills the database the server would use (DATABASE_URL, else the embedded PostgreSQL server under DATA_DIR, default
// ./data) with a sample company, ひかり産業株式会社, so that a person trying Tasuki sees a living workspace.
// It refuses a database that already holds a workspace (the demo's own one: it only says how to sign in).
import path from "node:path";
import { isNull } from "drizzle-orm";
import { DataDirLockedError, EmbeddedServerError } from "../apps/api/src/db/embedded-server.ts";
import { openConfiguredDatabase } from "../apps/api/src/db/open-configured.ts";
import { workspaces } from "../apps/api/src/db/schema/workspaces.ts";
import { fillSampleCompany } from "./sample-company.ts";

const WORKSPACE_CODE = "hikari-demo";
const OWNER_EMAIL = "demo@hikari-sangyo.example";
const PASSWORD = "Hikari-Demo-2026";

const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = path.resolve(process.env.DATA_DIR || "./data");
const where = databaseUrl ? `DATABASE_URL (${new URL(databaseUrl).pathname.slice(1)})` : `DATA_DIR ${dataDir}`;

/**
 * The exact command that serves the database just filled: `npm start` alone reads ./data, so a demo written
 * elsewhere names its DATA_DIR (or DATABASE_URL) again.
 */
function startCommand(env: { DATABASE_URL?: string; DATA_DIR?: string }): string {
  if (env.DATABASE_URL) return "DATABASE_URL=… npm start  (the same DATABASE_URL as for the demo)";
  const dir = env.DATA_DIR;
  if (!dir || path.resolve(dir) === path.resolve("./data")) return "npm start";
  const shown = /^[\w./-]+$/.test(dir) ? dir : `'${dir.replaceAll("'", "'\\''")}'`;
  return `DATA_DIR=${shown} npm start`;
}

function signInLines(): string {
  return [
    "",
    `  サインイン (sign in): \`${startCommand(process.env)}\` を実行し、表示されたURLを開いてください。`,
    `    メールアドレス: ${OWNER_EMAIL}`,
    `    パスワード:     ${PASSWORD}`,
    `  (every staff member of the sample company signs in with the same password, e.g. to see another person's /task)`,
    "",
  ].join("\n");
}

async function main(): Promise<number> {
  let database: Awaited<ReturnType<typeof openConfiguredDatabase>>;
  try {
    database = await openConfiguredDatabase({ databaseUrl, dataDir });
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof EmbeddedServerError) {
      console.error(`demo: ${error.message}`);
      return 1;
    }
    throw error;
  }
  try {
    const { db } = database;
    const existing = await db
      .select({ code: workspaces.code, name: workspaces.name })
      .from(workspaces)
      .where(isNull(workspaces.deletedAt));
    if (existing.some((row) => row.code === WORKSPACE_CODE)) {
      console.log(`demo: the sample company is already in ${where}; nothing written.${signInLines()}`);
      return 0;
    }
    if (existing.length) {
      console.error(
        `demo: ${where} already holds ${existing.length} workspace(s) (${existing
          .slice(0, 3)
          .map((row) => row.name)
          .join(
            "、",
          )}${existing.length > 3 ? " …" : ""}); the sample company is only written into an empty database.\n` +
          "      Use another one, e.g. `DATA_DIR=./data-demo npm run demo` and then `DATA_DIR=./data-demo npm start`.",
      );
      return 1;
    }
    const started = Date.now();
    const summary = await fillSampleCompany(db, {
      companyName: "ひかり産業株式会社",
      workspaceCode: WORKSPACE_CODE,
      emailDomain: "hikari-sangyo.example",
      ownerEmail: OWNER_EMAIL,
      password: PASSWORD,
      staff: Number(process.env.DEMO_STAFF) || 320,
      projects: null,
      tasks: null,
      now: new Date(),
    });
    console.log(
      `demo: wrote ひかり産業株式会社 into ${where} in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
        `${summary.staff} staff, ${summary.groups} groups (本部・部・課), ${summary.projects} projects, ` +
        `${summary.primaryItems} 大項目, ${summary.secondaryItems} 中項目, ${summary.tasks} tasks ` +
        `(${summary.periodicTemplates} periodic).${signInLines()}`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
