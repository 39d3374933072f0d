import { randomBytes } from "node:crypto";
import type { AuthorityRules } from "@tasuki/contract/authority/authority.schema";
import {
  type BaseNames,
  type DateStyle,
  defaultBaseNames,
  type Workspace,
} from "@tasuki/contract/workspace/workspace.schema";
import type { AppContext } from "../../context/app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { RequestAuth } from "../../http/authenticate.ts";
import { requireMember } from "../../http/workspace-scope.ts";
import { conflict, forbidden, notFound } from "../../lib/app-error.ts";
import { effectiveRules } from "../../lib/permissions.ts";
import { startFirstContract } from "../../plan-gate/plan-gate.ts";
import { findUserById, type UserRow } from "../auth/account.repository.ts";
import {
  findDefinitions,
  findWorkspace,
  insertWorkspace,
  isCodeTaken,
  updateWorkspace,
  type WorkspaceRow,
} from "./workspace.repository.ts";

/** Codes that would read as the product's own pages or staff. */
const reservedCodes = new Set(["admin", "api", "app", "auth", "dev", "docs", "help", "support", "tasuki", "www"]);

/** The workspace with its definitions (layers, positions, base names, authority rules). */
export async function presentWorkspace(db: DbOrTx, row: WorkspaceRow): Promise<Workspace> {
  const definitions = await findDefinitions(db, row.id);
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    status: row.status,
    base_names: row.baseNames ?? defaultBaseNames,
    authority_rules: effectiveRules(row.authorityRules),
    date_style: row.dateStyle,
    group_types: definitions.groupTypes,
    official_positions: definitions.officialPositions,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const codeTaken = () =>
  conflict("workspace_code_taken", "このワークスペースIDはすでに使われています。", "workspace code is taken");

export async function isCodeAvailable(ctx: AppContext, code: string): Promise<boolean> {
  return !reservedCodes.has(code) && !(await isCodeTaken(ctx.db, code));
}

async function generateCode(ctx: AppContext): Promise<string> {
  for (;;) {
    const code = `ws-${randomBytes(5).toString("hex")}`;
    if (await isCodeAvailable(ctx, code)) return code;
  }
}

/**
 * Writes the founder's staff record in the new workspace's transaction: the staff module's addFounder, handed in by
 * app.ts. Staff stand on their workspace (its name, status and definitions), so this module cannot import them.
 */
export type AddFounder = (tx: DbOrTx, workspaceId: string, user: UserRow) => Promise<void>;

export async function createWorkspace(
  ctx: AppContext,
  auth: RequestAuth,
  input: { name: string; code?: string | undefined },
  addFounder: AddFounder,
): Promise<Workspace> {
  const user = await findUserById(ctx.db, auth.userId);
  if (!user) throw notFound("user");
  const code = input.code ?? (await generateCode(ctx));
  if (input.code && !(await isCodeAvailable(ctx, input.code))) throw codeTaken();
  return ctx.db.transaction(async (tx) => {
    const workspace = await insertWorkspace(tx, { name: input.name, code, createdBy: user.id });
    await addFounder(tx, workspace.id, user);
    await startFirstContract(tx, workspace.id, user.id, ctx.now());
    return presentWorkspace(tx, workspace);
  });
}

export async function getWorkspace(ctx: AppContext, auth: RequestAuth, workspaceId: string): Promise<Workspace> {
  await requireMember(ctx.db, auth, workspaceId);
  const row = await findWorkspace(ctx.db, workspaceId);
  if (!row) throw notFound("workspace");
  return presentWorkspace(ctx.db, row);
}

export async function patchWorkspace(
  ctx: AppContext,
  auth: RequestAuth,
  workspaceId: string,
  input: {
    name?: string | undefined;
    code?: string | undefined;
    base_names?: BaseNames | undefined;
    authority_rules?: AuthorityRules | undefined;
    date_style?: DateStyle | undefined;
  },
): Promise<Workspace> {
  const me = await requireMember(ctx.db, auth, workspaceId, { permission: "manage_org_definitions" });
  // Only an owner edits who may do what: otherwise an admin could widen their own powers.
  if (input.authority_rules && me.role !== "owner") {
    throw forbidden("only an owner edits the authority rules", "権限ルールを変更できるのはオーナーだけです。");
  }
  const current = await findWorkspace(ctx.db, workspaceId);
  if (!current) throw notFound("workspace");
  if (input.code && input.code !== current.code && !(await isCodeAvailable(ctx, input.code))) throw codeTaken();
  const row = await updateWorkspace(ctx.db, workspaceId, {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.code !== undefined && { code: input.code }),
    ...(input.base_names !== undefined && { baseNames: input.base_names }),
    ...(input.authority_rules !== undefined && { authorityRules: effectiveRules(input.authority_rules) }),
    ...(input.date_style !== undefined && { dateStyle: input.date_style }),
  });
  return presentWorkspace(ctx.db, row);
}

/** The workspace's name and status (null once it is gone): what an invitation is accepted in and mailed with. */
export async function findWorkspaceState(
  db: DbOrTx,
  workspaceId: string,
): Promise<Pick<WorkspaceRow, "name" | "status"> | null> {
  const row = await findWorkspace(db, workspaceId);
  return row ? { name: row.name, status: row.status } : null;
}

/** The workspace's name (null once it is gone): billing names the customer and the invoice's recipient with it. */
export async function findWorkspaceName(db: DbOrTx, workspaceId: string): Promise<string | null> {
  return (await findWorkspace(db, workspaceId))?.name ?? null;
}

/**
 * Billing's verdict on the workspace (`disabled` for non-payment or by its owner, `locked` after long arrears,
 * `active` again once settled), written in billing's transaction; `requireMember` refuses by it.
 */
export async function setWorkspaceStatus(db: DbOrTx, workspaceId: string, status: WorkspaceRow["status"]) {
  await updateWorkspace(db, workspaceId, { status });
}
