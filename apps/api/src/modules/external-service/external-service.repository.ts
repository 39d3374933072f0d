import { and, count, eq, inArray, lte, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import {
  type ExternalNoticeKinds,
  type ExternalServiceName,
  externalDeliveries,
  externalLinks,
  externalRateSlots,
  externalRoutes,
  workspaceExternalServices,
} from "../../db/schema/integrations.ts";
import { groups, projects, workspaces, workspaceUsers } from "../../db/schema/workspaces.ts";

export type ConnectionRow = typeof workspaceExternalServices.$inferSelect;
export type LinkRow = typeof externalLinks.$inferSelect;
export type DeliveryRow = typeof externalDeliveries.$inferSelect;
export type NewDelivery = typeof externalDeliveries.$inferInsert;

// ── Connections ────────────────────────────────────────────────────────────────────────────────────────

export async function listConnections(db: DbOrTx, workspaceId: string): Promise<ConnectionRow[]> {
  return db
    .select()
    .from(workspaceExternalServices)
    .where(eq(workspaceExternalServices.workspaceId, workspaceId))
    .orderBy(workspaceExternalServices.service);
}

export async function findConnection(
  db: DbOrTx,
  workspaceId: string,
  id: string,
  lock?: "update",
): Promise<ConnectionRow | null> {
  const query = db
    .select()
    .from(workspaceExternalServices)
    .where(and(eq(workspaceExternalServices.workspaceId, workspaceId), eq(workspaceExternalServices.id, id)));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

/** The workspace of a connection id, to check the caller's membership before reading it (404 otherwise). */
export async function findConnectionWorkspaceId(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await db
    .select({ workspaceId: workspaceExternalServices.workspaceId })
    .from(workspaceExternalServices)
    .where(eq(workspaceExternalServices.id, id));
  return row?.workspaceId ?? null;
}

export async function findConnectionByService(
  db: DbOrTx,
  workspaceId: string,
  service: ExternalServiceName,
  lock?: "update",
): Promise<ConnectionRow | null> {
  const query = db
    .select()
    .from(workspaceExternalServices)
    .where(and(eq(workspaceExternalServices.workspaceId, workspaceId), eq(workspaceExternalServices.service, service)));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

/** The connection of `service`, made pending when absent; an existing one is answered as it is. */
export async function ensureConnection(
  db: DbOrTx,
  workspaceId: string,
  service: ExternalServiceName,
): Promise<ConnectionRow> {
  await db
    .insert(workspaceExternalServices)
    .values({ workspaceId, service })
    .onConflictDoNothing({ target: [workspaceExternalServices.workspaceId, workspaceExternalServices.service] });
  return (await findConnectionByService(db, workspaceId, service, "update"))!;
}

export async function updateConnection(
  db: DbOrTx,
  workspaceId: string,
  id: string,
  values: Partial<typeof workspaceExternalServices.$inferInsert>,
): Promise<ConnectionRow | null> {
  const [row] = await db
    .update(workspaceExternalServices)
    .set(values)
    .where(and(eq(workspaceExternalServices.workspaceId, workspaceId), eq(workspaceExternalServices.id, id)))
    .returning();
  return row ?? null;
}

/**
 * Marks an active connection broken; answers whether this call did it (one instance of many tells the
 * admins, once).
 */
export async function breakConnection(
  db: DbOrTx,
  workspaceId: string,
  id: string,
  reason: string,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(workspaceExternalServices)
    .set({ state: "broken", brokenAt: at, brokenReason: reason })
    .where(
      and(
        eq(workspaceExternalServices.workspaceId, workspaceId),
        eq(workspaceExternalServices.id, id),
        eq(workspaceExternalServices.state, "active"),
      ),
    )
    .returning({ id: workspaceExternalServices.id });
  return rows.length > 0;
}

export async function deleteConnection(db: DbOrTx, workspaceId: string, id: string): Promise<void> {
  await db
    .delete(workspaceExternalServices)
    .where(and(eq(workspaceExternalServices.workspaceId, workspaceId), eq(workspaceExternalServices.id, id)));
}

export async function countLinks(db: DbOrTx, workspaceId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ connectionId: externalLinks.connectionId, total: count() })
    .from(externalLinks)
    .where(eq(externalLinks.workspaceId, workspaceId))
    .groupBy(externalLinks.connectionId);
  return new Map(rows.map((row) => [row.connectionId, row.total]));
}

// ── Routes (group / project channels) ─────────────────────────────────────────────────────────────────

export interface RouteRow {
  id: string;
  connectionId: string;
  groupId: string | null;
  projectId: string | null;
  targetName: string;
  channelId: string;
  channelName: string;
}

/** The routes of the workspace's connections with their group's or project's name (trashed ones left out). */
export async function listRoutes(db: DbOrTx, workspaceId: string): Promise<RouteRow[]> {
  return db
    .select({
      id: externalRoutes.id,
      connectionId: externalRoutes.connectionId,
      groupId: externalRoutes.groupId,
      projectId: externalRoutes.projectId,
      targetName: sql<string>`coalesce(${groups.name}, ${projects.name}, '')`,
      channelId: externalRoutes.channelId,
      channelName: externalRoutes.channelName,
    })
    .from(externalRoutes)
    .leftJoin(groups, and(eq(groups.id, externalRoutes.groupId), sql`${groups.deletedAt} is null`))
    .leftJoin(projects, and(eq(projects.id, externalRoutes.projectId), sql`${projects.deletedAt} is null`))
    .where(
      and(
        eq(externalRoutes.workspaceId, workspaceId),
        or(sql`${groups.id} is not null`, sql`${projects.id} is not null`),
      ),
    )
    .orderBy(externalRoutes.createdAt);
}

export async function upsertRoute(
  db: DbOrTx,
  values: {
    workspaceId: string;
    connectionId: string;
    groupId: string | null;
    projectId: string | null;
    channelId: string;
    channelName: string;
  },
): Promise<void> {
  await removeRoute(db, values.workspaceId, values.connectionId, values.groupId, values.projectId);
  await db.insert(externalRoutes).values(values);
}

export async function removeRoute(
  db: DbOrTx,
  workspaceId: string,
  connectionId: string,
  groupId: string | null,
  projectId: string | null,
): Promise<void> {
  await db
    .delete(externalRoutes)
    .where(
      and(
        eq(externalRoutes.workspaceId, workspaceId),
        eq(externalRoutes.connectionId, connectionId),
        groupId ? eq(externalRoutes.groupId, groupId) : eq(externalRoutes.projectId, projectId!),
      ),
    );
}

/** The live group's or project's name in the workspace, or null: a route may only name its own workspace's. */
export async function findRouteTargetName(
  db: DbOrTx,
  workspaceId: string,
  target: { type: "group" | "project"; id: string },
): Promise<string | null> {
  const table = target.type === "group" ? groups : projects;
  const [row] = await db
    .select({ name: table.name })
    .from(table)
    .where(and(eq(table.workspaceId, workspaceId), eq(table.id, target.id), sql`${table.deletedAt} is null`));
  return row?.name ?? null;
}

/** The channels of active connections that route the given groups and projects (for one notice). */
export async function findRoutesFor(
  db: DbOrTx,
  workspaceId: string,
  groupIds: string[],
  projectIds: string[],
): Promise<{ connectionId: string; service: ExternalServiceName; channelId: string }[]> {
  if (!groupIds.length && !projectIds.length) return [];
  return db
    .select({
      connectionId: externalRoutes.connectionId,
      service: workspaceExternalServices.service,
      channelId: externalRoutes.channelId,
    })
    .from(externalRoutes)
    .innerJoin(workspaceExternalServices, eq(workspaceExternalServices.id, externalRoutes.connectionId))
    .where(
      and(
        eq(externalRoutes.workspaceId, workspaceId),
        eq(workspaceExternalServices.state, "active"),
        or(
          groupIds.length ? inArray(externalRoutes.groupId, groupIds) : undefined,
          projectIds.length ? inArray(externalRoutes.projectId, projectIds) : undefined,
        ),
      ),
    );
}

// ── People's links ───────────────────────────────────────────────────────────────────────────────────

export async function listLinksOfStaff(db: DbOrTx, workspaceId: string, staffId: string): Promise<LinkRow[]> {
  return db
    .select()
    .from(externalLinks)
    .where(and(eq(externalLinks.workspaceId, workspaceId), eq(externalLinks.workspaceUserId, staffId)));
}

export async function findLink(db: DbOrTx, workspaceId: string, id: string, lock?: "update"): Promise<LinkRow | null> {
  const query = db
    .select()
    .from(externalLinks)
    .where(and(eq(externalLinks.workspaceId, workspaceId), eq(externalLinks.id, id)));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

/** A person's link, made or replaced (a second consent of the same person overwrites the first). */
export async function upsertLink(db: DbOrTx, values: typeof externalLinks.$inferInsert): Promise<LinkRow> {
  const { workspaceId: _w, workspaceUserId: _u, service: _s, kinds: _k, ...changes } = values;
  const [row] = await db
    .insert(externalLinks)
    .values(values)
    .onConflictDoUpdate({
      target: [externalLinks.workspaceUserId, externalLinks.service],
      set: { ...changes, state: "active", updatedAt: new Date() },
    })
    .returning();
  return row!;
}

export async function updateLink(
  db: DbOrTx,
  workspaceId: string,
  id: string,
  values: Partial<typeof externalLinks.$inferInsert>,
): Promise<LinkRow | null> {
  const [row] = await db
    .update(externalLinks)
    .set(values)
    .where(and(eq(externalLinks.workspaceId, workspaceId), eq(externalLinks.id, id)))
    .returning();
  return row ?? null;
}

export async function setLinkKinds(
  db: DbOrTx,
  workspaceId: string,
  staffId: string,
  service: ExternalServiceName,
  kinds: ExternalNoticeKinds,
): Promise<LinkRow | null> {
  const [row] = await db
    .update(externalLinks)
    .set({ kinds })
    .where(
      and(
        eq(externalLinks.workspaceId, workspaceId),
        eq(externalLinks.workspaceUserId, staffId),
        eq(externalLinks.service, service),
      ),
    )
    .returning();
  return row ?? null;
}

export async function deleteLink(
  db: DbOrTx,
  workspaceId: string,
  staffId: string,
  service: ExternalServiceName,
): Promise<boolean> {
  const rows = await db
    .delete(externalLinks)
    .where(
      and(
        eq(externalLinks.workspaceId, workspaceId),
        eq(externalLinks.workspaceUserId, staffId),
        eq(externalLinks.service, service),
      ),
    )
    .returning({ id: externalLinks.id });
  return rows.length > 0;
}

/** Active links of the recipients on active connections: who can be reached where. */
export async function findReachableLinks(db: DbOrTx, workspaceId: string, staffIds: string[]): Promise<LinkRow[]> {
  if (!staffIds.length) return [];
  return db
    .select({ link: externalLinks })
    .from(externalLinks)
    .innerJoin(workspaceExternalServices, eq(workspaceExternalServices.id, externalLinks.connectionId))
    .innerJoin(workspaceUsers, eq(workspaceUsers.id, externalLinks.workspaceUserId))
    .where(
      and(
        eq(externalLinks.workspaceId, workspaceId),
        inArray(externalLinks.workspaceUserId, [...new Set(staffIds)]),
        eq(externalLinks.state, "active"),
        eq(workspaceExternalServices.state, "active"),
        eq(workspaceUsers.status, "active"),
      ),
    )
    .then((rows) => rows.map((row) => row.link));
}

/** The staff with their role and the workspace's authority rules, to find who may manage integrations. */
export async function listActiveStaffRoles(db: DbOrTx, workspaceId: string) {
  return db
    .select({
      id: workspaceUsers.id,
      userId: workspaceUsers.userId,
      role: workspaceUsers.role,
      authorityRules: workspaces.authorityRules,
    })
    .from(workspaceUsers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceUsers.workspaceId))
    .where(
      and(
        eq(workspaceUsers.workspaceId, workspaceId),
        eq(workspaceUsers.status, "active"),
        sql`${workspaceUsers.deletedAt} is null`,
        inArray(workspaceUsers.role, ["owner", "admin"]),
      ),
    );
}

// ── Deliveries ───────────────────────────────────────────────────────────────────────────────────────

/** New deliveries; one that exists for its connection and dedupe key is skipped. Answers the rows written. */
export async function insertDeliveries(db: DbOrTx, values: NewDelivery[]): Promise<DeliveryRow[]> {
  if (!values.length) return [];
  return db
    .insert(externalDeliveries)
    .values(values)
    .onConflictDoNothing({ target: [externalDeliveries.connectionId, externalDeliveries.dedupeKey] })
    .returning();
}

/**
 * Takes a delivery for sending, in one statement: only a `pending` one whose time has come, so two runs
 * (two instances, a duplicated job) never both get it.
 */
export async function claimDelivery(db: DbOrTx, id: string, now: Date): Promise<DeliveryRow | null> {
  const [row] = await db
    .update(externalDeliveries)
    .set({ state: "sending", attempts: sql`${externalDeliveries.attempts} + 1` })
    .where(
      and(
        eq(externalDeliveries.id, id),
        eq(externalDeliveries.state, "pending"),
        lte(externalDeliveries.nextAttemptAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

export async function finishDelivery(
  db: DbOrTx,
  id: string,
  values: Pick<
    Partial<typeof externalDeliveries.$inferInsert>,
    "state" | "nextAttemptAt" | "lastError" | "sentAt" | "attempts" | "slotAt"
  >,
): Promise<void> {
  await db
    .update(externalDeliveries)
    .set(values)
    .where(and(eq(externalDeliveries.id, id), eq(externalDeliveries.state, "sending")));
}

/** Stops the waiting deliveries of a broken connection (or of one broken link). */
export async function stopDeliveries(db: DbOrTx, connectionId: string, linkId?: string): Promise<void> {
  await db
    .update(externalDeliveries)
    .set({ state: "stopped" })
    .where(
      and(
        eq(externalDeliveries.connectionId, connectionId),
        eq(externalDeliveries.state, "pending"),
        linkId ? eq(externalDeliveries.linkId, linkId) : undefined,
      ),
    );
}

/** Reconnected: the stopped deliveries wait again, from now. Answers their ids, to queue their jobs. */
export async function resumeDeliveries(
  db: DbOrTx,
  connectionId: string,
  now: Date,
  linkId?: string,
): Promise<string[]> {
  const rows = await db
    .update(externalDeliveries)
    .set({ state: "pending", nextAttemptAt: now })
    .where(
      and(
        eq(externalDeliveries.connectionId, connectionId),
        eq(externalDeliveries.state, "stopped"),
        linkId ? eq(externalDeliveries.linkId, linkId) : undefined,
      ),
    )
    .returning({ id: externalDeliveries.id });
  return rows.map((row) => row.id);
}

export async function countDeliveriesByState(db: DbOrTx, workspaceId: string) {
  return db
    .select({ state: externalDeliveries.state, total: count() })
    .from(externalDeliveries)
    .where(eq(externalDeliveries.workspaceId, workspaceId))
    .groupBy(externalDeliveries.state);
}

// ── Rate slots (shared by every instance; not workspace data: keys name a channel or an account) ──────

/**
 * Reserves the next send on `key`, at least `intervalMs` after the previous one, in one statement (row
 * locked by the upsert, so two instances get two different slots). Answers the reserved instant: now, or
 * later when the key is busy (the caller waits for it without sending).
 */
export async function reserveRateSlot(db: DbOrTx, key: string, intervalMs: number, now: Date): Promise<Date> {
  const result = await db.execute<{ slot: Date | string }>(sql`
    insert into ${externalRateSlots} (key, next_at)
    values (${key}, ${now.toISOString()}::timestamptz + make_interval(secs => ${intervalMs / 1000}))
    on conflict (key) do update
      set next_at = greatest(${externalRateSlots.nextAt}, ${now.toISOString()}::timestamptz)
                    + make_interval(secs => ${intervalMs / 1000})
    returning next_at - make_interval(secs => ${intervalMs / 1000}) as slot`);
  const slot = (result as unknown as { rows: { slot: Date | string }[] }).rows[0]!.slot;
  return new Date(slot);
}

/** A 429: nobody uses the key before `until`, not even with a slot reserved earlier. */
export async function blockRateKey(db: DbOrTx, key: string, until: Date): Promise<void> {
  await db
    .insert(externalRateSlots)
    .values({ key, nextAt: until, blockedUntil: until })
    .onConflictDoUpdate({
      target: externalRateSlots.key,
      set: {
        nextAt: sql`greatest(${externalRateSlots.nextAt}, ${until.toISOString()}::timestamptz)`,
        blockedUntil: sql`greatest(${externalRateSlots.blockedUntil}, ${until.toISOString()}::timestamptz)`,
      },
    });
}

/**
 * The moment of sending, taken in one statement for every instance: granted (and noted as the key's last
 * send) only when the key's last real send is at least `intervalMs` old and no 429 holds it. Slots order the
 * waiting deliveries; this gate keeps the spacing when one of them wakes up late. Answers null when granted,
 * else the instant to try again.
 */
export async function takeSendMoment(db: DbOrTx, key: string, intervalMs: number, now: Date): Promise<Date | null> {
  const at = now.toISOString();
  const interval = sql`make_interval(secs => ${intervalMs / 1000})`;
  const result = await db.execute<{ key: string }>(sql`
    insert into ${externalRateSlots} (key, next_at, last_sent_at)
    values (${key}, ${at}::timestamptz, ${at}::timestamptz)
    on conflict (key) do update set last_sent_at = ${at}::timestamptz
    where (${externalRateSlots.lastSentAt} is null or ${externalRateSlots.lastSentAt} <= ${at}::timestamptz - ${interval})
      and (${externalRateSlots.blockedUntil} is null or ${externalRateSlots.blockedUntil} <= ${at}::timestamptz)
    returning key`);
  if ((result as unknown as { rows: unknown[] }).rows.length) return null;
  const [row] = await db
    .select({
      retryAt: sql<
        Date | string
      >`greatest(${externalRateSlots.lastSentAt} + ${interval}, ${externalRateSlots.blockedUntil})`,
    })
    .from(externalRateSlots)
    .where(eq(externalRateSlots.key, key));
  return new Date(row!.retryAt);
}

/** A post went out: the key's last send is when the provider answered (the real time, not the slot's). */
export async function noteSent(db: DbOrTx, key: string, at: Date): Promise<void> {
  await db
    .update(externalRateSlots)
    .set({ lastSentAt: sql`greatest(${externalRateSlots.lastSentAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(externalRateSlots.key, key));
}

/** Whether a 429 holds the key at `now`. */
export async function isRateKeyBlocked(db: DbOrTx, key: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ blockedUntil: externalRateSlots.blockedUntil })
    .from(externalRateSlots)
    .where(eq(externalRateSlots.key, key));
  return row?.blockedUntil != null && row.blockedUntil.getTime() > now.getTime();
}
