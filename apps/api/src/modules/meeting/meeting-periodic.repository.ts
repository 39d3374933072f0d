import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { meetings } from "../../db/schema/meetings.ts";
import type { MeetingRow } from "./meeting.repository.ts";

/** The row holding the rule of a series (its template), live or not. */
export async function findSeriesTemplate(
  db: DbOrTx,
  workspaceId: string,
  seriesId: string,
): Promise<MeetingRow | undefined> {
  const [template] = await db
    .select()
    .from(meetings)
    .where(
      and(
        eq(meetings.workspaceId, workspaceId),
        eq(meetings.periodicSeriesId, seriesId),
        isNotNull(meetings.periodicRule),
      ),
    )
    .limit(1);
  return template;
}

/**
 * Every live meeting holding a rule, of every workspace: unscoped on purpose, for the daily job that extends
 * each series (meeting-jobs.ts), one transaction per series.
 */
export function findPeriodicMeetingTemplates(db: DbOrTx): Promise<MeetingRow[]> {
  return db
    .select()
    .from(meetings)
    .where(and(isNotNull(meetings.periodicRule), isNull(meetings.deletedAt)));
}
