import { and, eq, notExists, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { meetings } from "../../db/schema/meetings.ts";
import { primaryItems, secondaryItems } from "../../db/schema/tasks.ts";
import { inTrashBefore } from "../../db/trash.ts";

/**
 * Deletes for good the meetings in the trash since before `cutoff` whose agenda is gone; their action items stay
 * as tasks (meeting_id is set null). Answers how many went.
 */
export async function purgeExpiredMeetings(db: DbOrTx, cutoff: Date): Promise<number> {
  const purged = await db
    .delete(meetings)
    .where(
      and(
        inTrashBefore(meetings.deletedAt, cutoff),
        notExists(db.select({ one: sql`1` }).from(primaryItems).where(eq(primaryItems.meetingId, meetings.id))),
        notExists(db.select({ one: sql`1` }).from(secondaryItems).where(eq(secondaryItems.meetingId, meetings.id))),
      ),
    )
    .returning({ id: meetings.id });
  return purged.length;
}
