// `npm run demo`: fills the database the server would use (DATABASE_URL, else the embedded PostgreSQL server under DATA_DIR, default
// ./data) with a sample company, ひかり産業株式会社, so that a person trying Tasuki sees a living workspace.
// It refuses a database that already holds a workspace (the demo's own one: it only says how to sign in).
import path from "node:path";
import { and, asc, eq, isNull } from "drizzle-orm";
import { DataDirLockedError, EmbeddedServerError } from "../apps/api/src/db/embedded-server.ts";
import { openConfiguredDatabase } from "../apps/api/src/db/open-configured.ts";
import { officialPositions, workspaces, workspaceUsers } from "../apps/api/src/db/schema/workspaces.ts";
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

const ROLE_LABELS = { admin: "管理者", member: "メンバー", guest: "ゲスト" } as const;

type Db = Awaited<ReturnType<typeof openConfiguredDatabase>>["db"];

/** One active person of each role (the first in the staff order), to try the product as someone other than the owner. */
async function staffExamples(db: Db): Promise<string[]> {
  const lines: string[] = [];
  for (const role of ["admin", "member", "guest"] as const) {
    const [row] = await db
      .select({
        email: workspaceUsers.email,
        lastName: workspaceUsers.lastName,
        firstName: workspaceUsers.firstName,
        title: officialPositions.name,
      })
      .from(workspaceUsers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceUsers.workspaceId))
      .leftJoin(officialPositions, eq(officialPositions.id, workspaceUsers.officialPositionId))
      .where(
        and(
          eq(workspaces.code, WORKSPACE_CODE),
          eq(workspaceUsers.role, role),
          eq(workspaceUsers.status, "active"),
          isNull(workspaceUsers.deletedAt),
        ),
      )
      .orderBy(asc(workspaceUsers.position))
      .limit(1);
    if (!row) continue;
    const who = `${row.lastName} ${row.firstName}${row.title ? `・${row.title}` : ""}`;
    lines.push(`      ${ROLE_LABELS[role].padEnd(5, "　")} ${row.email}  (${who})`);
  }
  return lines;
}

async function signInLines(db: Db): Promise<string> {
  return [
    "",
    `  サインイン (sign in): \`${startCommand(process.env)}\` を実行し、表示されたURLを開いてください。`,
    `    メールアドレス: ${OWNER_EMAIL}  (オーナー)`,
    `    パスワード:     ${PASSWORD}`,
    "  社員も全員同じパスワードでサインインできます（メールアドレスは ローマ字の 名.姓@hikari-sangyo.example）。例:",
    ...(await staffExamples(db)),
    "  全員のアドレスは スタッフ › スタッフ一覧 で見られます (every staff member signs in with the same password).",
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
      console.log(`demo: the sample company is already in ${where}; nothing written.${await signInLines(db)}`);
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
        `(${summary.periodicTemplates} periodic).${await signInLines(db)}`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
