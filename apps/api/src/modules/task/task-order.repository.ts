import { and, eq, inArray, isNull, max, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { tasks } from "../../db/schema/tasks.ts";

/**
 * The parent a task is ordered within: its secondary item, else primary item, else project and/or meeting
 * (a meeting's action items are one list), else none.
 */
export interface TaskParent {
  projectId: string | null;
  meetingId: string | null;
  primaryItemId: string | null;
  secondaryItemId: string | null;
}

type ParentColumn =
  | typeof tasks.projectId
  | typeof tasks.meetingId
  | typeof tasks.primaryItemId
  | typeof tasks.secondaryItemId;

const nullable = (column: ParentColumn, value: string | null): SQL =>
  value === null ? isNull(column) : eq(column, value);

function sameParent(workspaceId: string, parent: TaskParent): SQL {
  return and(
    eq(tasks.workspaceId, workspaceId),
    nullable(tasks.secondaryItemId, parent.secondaryItemId),
    nullable(tasks.primaryItemId, parent.primaryItemId),
    nullable(tasks.projectId, parent.projectId),
    nullable(tasks.meetingId, parent.meetingId),
  )!;
}

/** Positions of the named tasks that are in this parent's list. */
export async function taskPositions(
  db: DbOrTx,
  workspaceId: string,
  parent: TaskParent,
  ids: string[],
): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: tasks.id, position: tasks.position })
    .from(tasks)
    .where(and(sameParent(workspaceId, parent), inArray(tasks.id, ids)));
  return new Map(rows.map((row) => [row.id, row.position]));
}

export async function lastTaskPosition(db: DbOrTx, workspaceId: string, parent: TaskParent): Promise<number | null> {
  const [row] = await db
    .select({ last: max(tasks.position) })
    .from(tasks)
    .where(sameParent(workspaceId, parent));
  return row?.last ?? null;
}

/** Spreads the parent's order out again (1, 2, 3 …), keeping it, in one statement. */
export async function renumberTasks(db: DbOrTx, workspaceId: string, parent: TaskParent): Promise<void> {
  await db.execute(sql`
    update ${tasks} set position = ranked.n
    from (
      select id, row_number() over (order by position, id) as n
      from ${tasks} where ${sameParent(workspaceId, parent)}
    ) as ranked
    where ${tasks.id} = ranked.id and ${tasks.workspaceId} = ${workspaceId}`);
}
