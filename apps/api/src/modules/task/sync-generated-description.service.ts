import type { TaskDetail } from "@tasuki/contract/task/task.schema";
import { defaultBaseNames } from "@tasuki/contract/workspace/workspace.schema";
import { type AccessMember, checkAccess } from "../../access/access.ts";
import type { AppContext } from "../../context/app-context.ts";
import type { RequestAuth } from "../../http/authenticate.ts";
import { conflict } from "../../lib/app-error.ts";
import { requirePremiumFeature } from "../../plan-gate/plan-gate.ts";
import type { TaskRow } from "./task.repository.ts";
import { openTasks, requireTaskWriter, taskInTrash } from "./task-access.ts";
import { findTaskContextNames, writeGeneratedDescription } from "./task-description.repository.ts";
import { presentDetail } from "./task-presentation.ts";

const descriptionExists = () =>
  conflict(
    "description_exists",
    "このタスクには入力済みの説明があります。上書きする場合は「上書きして生成」を選んでください。",
    "the task has a description written by a person; send overwrite: true to replace it",
  );

/**
 * Fills the description through the configured provider. Generated text (source ai/template) may be
 * regenerated freely; text a person wrote is only replaced on request, since it cannot be recovered.
 */
export async function syncGeneratedDescription(
  ctx: AppContext,
  auth: RequestAuth,
  id: string,
  options: { overwrite?: boolean | undefined },
): Promise<TaskDetail> {
  const { member, rows } = await openTasks(ctx, auth, [id]);
  const row = rows[0]!;
  requireTaskWriter(member, row);
  if (row.deletedAt) throw taskInTrash();
  await requirePremiumFeature(ctx.db, row.workspaceId, "ai");
  const overwrite = options.overwrite === true;
  const writtenByPerson = row.description.trim() !== "" && row.descriptionSource === null;
  if (writtenByPerson && !overwrite) throw descriptionExists();

  const names = await findTaskContextNames(ctx.db, row);
  // The text is the caller's to read (and everyone's who sees the task): the names of a project or meeting they
  // may not see, and of its 大項目・中項目, stay out of it and out of the prompt (decision 0023).
  const place = (await seesPlace(ctx, member, row))
    ? names
    : { project: undefined, primaryItem: undefined, secondaryItem: undefined };
  // Outside any transaction: a slow provider must not hold a connection; a failure leaves the row untouched.
  const generated = await ctx.ai.generateTaskDescription({
    title: row.title,
    project: place.project,
    primaryItem: place.primaryItem,
    secondaryItem: place.secondaryItem,
    group: names.group,
    deadline: row.expiresAt?.toISOString(),
    workspaceBaseNames: names.baseNames ?? defaultBaseNames,
  });

  const saved = await writeGeneratedDescription(
    ctx.db,
    row,
    { description: generated.text, descriptionSource: generated.source },
    !overwrite,
  );
  if (!saved) throw descriptionExists();
  return presentDetail(ctx, saved);
}

/** Whether the caller may see the project or meeting the task is placed under (true when it has none). */
async function seesPlace(ctx: AppContext, member: AccessMember, row: TaskRow): Promise<boolean> {
  if (row.projectId) return (await checkAccess(ctx.db, member, "project", [row.projectId])).has(row.projectId);
  if (row.meetingId) return (await checkAccess(ctx.db, member, "meeting", [row.meetingId])).has(row.meetingId);
  return true;
}
