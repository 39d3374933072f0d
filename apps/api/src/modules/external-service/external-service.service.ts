import type {
  ChannelOption,
  ExternalRoute,
  WorkspaceExternalService,
} from "@tasuki/contract/external-service/external-service.schema";
import type { AppContext } from "../../context/app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { ExternalServiceName } from "../../db/schema/integrations.ts";
import type { RequestAuth } from "../../http/authenticate.ts";
import { requireMember } from "../../http/workspace-scope.ts";
import { badRequest, conflict, notFound } from "../../lib/app-error.ts";
import { requirePremiumFeature } from "../../plan-gate/plan-gate.ts";
import { imageUrl } from "../image/image-url.ts";
import { loadStaffRefs } from "../workspace-user/staff-directory.service.ts";
import { enqueueDeliveryJobs } from "./external-delivery-plan.ts";
import {
  type ConnectionRow,
  countLinks,
  deleteConnection,
  ensureConnection,
  findConnection,
  findConnectionByService,
  findConnectionWorkspaceId,
  findRouteTargetName,
  listConnections,
  listRoutes,
  type RouteRow,
  removeRoute,
  resumeDeliveries,
  updateConnection,
  upsertLink,
  upsertRoute,
} from "./external-service.repository.ts";
import { chatworkOf, providerFailure, sealTokens, slackOf, withConnectionToken } from "./external-token.ts";
import { issueIntegrationState, readIntegrationState, spendIntegrationState } from "./oauth-state.ts";

const integrationsOnly = { permission: "manage_integrations" } as const;
const connectionNotFound = () => notFound("external service");

/**
 * Where both providers send the user back: the 外部連携 page, which hands `code` and `state` to the callback
 * call. Register exactly this URL at Slack and Chatwork (docs/operations.md).
 */
export const oauthRedirectUri = (ctx: AppContext) => `${ctx.config.appOrigin}/mypage/external-linkage`;

function presentRoute(row: RouteRow): ExternalRoute {
  return {
    id: row.id,
    target_type: row.groupId ? "group" : "project",
    target_id: (row.groupId ?? row.projectId)!,
    target_name: row.targetName,
    channel_id: row.channelId,
    channel_name: row.channelName,
  };
}

async function present(db: DbOrTx, workspaceId: string, rows: ConnectionRow[]): Promise<WorkspaceExternalService[]> {
  const [staff, routes, links] = await Promise.all([
    loadStaffRefs(
      db,
      workspaceId,
      rows.flatMap((row) => (row.connectedBy ? [row.connectedBy] : [])),
    ),
    listRoutes(db, workspaceId),
    countLinks(db, workspaceId),
  ]);
  return rows.map((row) => {
    const by = row.connectedBy ? staff.get(row.connectedBy) : undefined;
    return {
      id: row.id,
      workspace_id: row.workspaceId,
      service: row.service,
      state: row.state,
      external_name: row.externalName,
      connected_by: by
        ? { id: by.id, last_name: by.lastName, first_name: by.firstName, avatar_url: imageUrl(by.avatarImageId) }
        : null,
      connected_at: row.connectedAt?.toISOString() ?? null,
      broken_at: row.brokenAt?.toISOString() ?? null,
      broken_reason: row.brokenReason,
      linked_people: links.get(row.id) ?? 0,
      routes: routes.filter((route) => route.connectionId === row.id).map(presentRoute),
    };
  });
}

async function presentOne(db: DbOrTx, row: ConnectionRow): Promise<WorkspaceExternalService> {
  return (await present(db, row.workspaceId, [row]))[0]!;
}

export async function listExternalServices(ctx: AppContext, auth: RequestAuth, workspaceId: string) {
  await requireMember(ctx.db, auth, workspaceId);
  return {
    items: await present(ctx.db, workspaceId, await listConnections(ctx.db, workspaceId)),
    services: (["slack", "chatwork"] as const).map((service) => ({
      service,
      configured: ctx.integrations[service] !== null,
    })),
  };
}

/** A connection by id, after the caller's membership of its workspace (another workspace's id answers 404). */
async function openConnection(ctx: AppContext, auth: RequestAuth, id: string, manage: boolean) {
  const workspaceId = await findConnectionWorkspaceId(ctx.db, id);
  if (!workspaceId) throw connectionNotFound();
  const member = await requireMember(ctx.db, auth, workspaceId, manage ? integrationsOnly : undefined);
  const row = await findConnection(ctx.db, workspaceId, id);
  if (!row) throw connectionNotFound();
  return { member, row };
}

export async function getExternalService(ctx: AppContext, auth: RequestAuth, id: string) {
  const { row } = await openConnection(ctx, auth, id, false);
  return presentOne(ctx.db, row);
}

export async function newExternalService(
  ctx: AppContext,
  auth: RequestAuth,
  body: { workspace_id: string; service: ExternalServiceName },
) {
  await requireMember(ctx.db, auth, body.workspace_id, integrationsOnly);
  await requirePremiumFeature(ctx.db, body.workspace_id, "integrations");
  const provider = body.service === "slack" ? slackOf(ctx) : chatworkOf(ctx);
  const row = await ctx.db.transaction(async (tx) => {
    const found = await ensureConnection(tx, body.workspace_id, body.service);
    if (found.state === "active") {
      throw conflict(
        "already_connected",
        "このサービスはすでに連携されています。接続し直すには、いったん連携を解除してください。",
        `${body.service} is already connected`,
      );
    }
    return found;
  });
  const state = await issueIntegrationState(
    ctx.db,
    {
      target: "workspace",
      service: body.service,
      workspaceId: body.workspace_id,
      userId: auth.userId,
      sessionId: auth.sessionId,
    },
    oauthRedirectUri(ctx),
    ctx.now(),
  );
  return { ...(await presentOne(ctx.db, row)), authorize_url: provider.authorizeUrl(state, oauthRedirectUri(ctx)) };
}

/**
 * The provider sent the user back with a code: exchange it, and complete the workspace's connection (or the
 * caller's own Chatwork link). Only the user who started may finish, with the rights they need now.
 */
export async function completeOAuth(ctx: AppContext, auth: RequestAuth, body: { code: string; state: string }) {
  const state = await readIntegrationState(ctx.db, body.state, auth, ctx.now());
  // Spent by the transaction that writes the outcome, so a failed exchange (a code of the wrong Slack team) can
  // be retried in the same consent, while a completed one can never be replayed with another code.
  const spend = (tx: DbOrTx) => spendIntegrationState(tx, body.state, ctx.now());
  if (state.target === "personal" && state.service === "slack") {
    await completeSlackSignIn(ctx, auth, state.workspaceId, body.code, spend);
  } else if (state.target === "personal") {
    await completePersonalLink(ctx, auth, state.workspaceId, body.code, spend);
  } else {
    await completeConnection(ctx, auth, state.workspaceId, state.service, body.code, spend);
  }
  return { target: state.target, service: state.service, workspace_id: state.workspaceId };
}

async function completeConnection(
  ctx: AppContext,
  auth: RequestAuth,
  workspaceId: string,
  service: ExternalServiceName,
  code: string,
  spend: (tx: DbOrTx) => Promise<void>,
): Promise<void> {
  const member = await requireMember(ctx.db, auth, workspaceId, integrationsOnly);
  await requirePremiumFeature(ctx.db, workspaceId, "integrations");
  const redirectUri = oauthRedirectUri(ctx);
  let values: Partial<ConnectionRow>;
  try {
    if (service === "slack") {
      const answer = await slackOf(ctx).exchangeCode(code, redirectUri);
      values = {
        externalId: answer.teamId,
        externalName: answer.teamName,
        botUserId: answer.botUserId,
        ...sealTokens(ctx, answer),
      };
    } else {
      const chatwork = chatworkOf(ctx);
      const tokens = await chatwork.exchangeCode(code, redirectUri);
      const me = await chatwork.me(tokens.accessToken);
      values = {
        externalId: me.accountId,
        externalName: me.organizationName || me.name,
        botUserId: null,
        ...sealTokens(ctx, tokens),
      };
    }
  } catch (error) {
    throw providerFailure(service, error);
  }
  await ctx.db.transaction(async (tx) => {
    await spend(tx);
    const row = await findConnectionByService(tx, workspaceId, service, "update");
    if (!row) throw connectionNotFound();
    // Another Slack workspace (or Chatwork account) than before: the people's links named the old one's members.
    if (row.externalId && row.externalId !== values.externalId) {
      await deleteConnection(tx, workspaceId, row.id);
      const fresh = await ensureConnection(tx, workspaceId, service);
      await updateConnection(tx, workspaceId, fresh.id, connectedValues(values, member.id, ctx.now()));
      return;
    }
    await updateConnection(tx, workspaceId, row.id, connectedValues(values, member.id, ctx.now()));
    // Reconnected after a break: what waited goes out now.
    await enqueueDeliveryJobs(ctx, tx, await resumeDeliveries(tx, row.id, ctx.now()));
  });
}

const connectedValues = (values: Partial<ConnectionRow>, staffId: string, now: Date): Partial<ConnectionRow> => ({
  ...values,
  state: "active",
  connectedBy: staffId,
  connectedAt: now,
  brokenAt: null,
  brokenReason: null,
});

/** A person's own Chatwork account, after their consent: linked to the workspace's Chatwork connection. */
async function completePersonalLink(
  ctx: AppContext,
  auth: RequestAuth,
  workspaceId: string,
  code: string,
  spend: (tx: DbOrTx) => Promise<void>,
) {
  const member = await requireMember(ctx.db, auth, workspaceId);
  await requirePremiumFeature(ctx.db, workspaceId, "integrations");
  const connection = await findConnectionByService(ctx.db, workspaceId, "chatwork");
  if (connection?.state !== "active") throw connectionMissing("chatwork");
  const chatwork = chatworkOf(ctx);
  let tokens: Awaited<ReturnType<typeof chatwork.exchangeCode>>;
  let me: Awaited<ReturnType<typeof chatwork.me>>;
  try {
    tokens = await chatwork.exchangeCode(code, oauthRedirectUri(ctx));
    me = await chatwork.me(tokens.accessToken);
  } catch (error) {
    throw providerFailure("chatwork", error);
  }
  await ctx.db.transaction(async (tx) => {
    await spend(tx);
    const link = await upsertLink(tx, {
      workspaceId,
      connectionId: connection.id,
      workspaceUserId: member.id,
      service: "chatwork",
      externalUserId: me.accountId,
      externalName: me.name,
      roomId: me.roomId,
      ...sealTokens(ctx, tokens),
    });
    await enqueueDeliveryJobs(ctx, tx, await resumeDeliveries(tx, connection.id, ctx.now(), link.id));
  });
}

/**
 * Sign in with Slack's answer: the person who signed in is linked, provided it was in the Slack workspace the
 * Tasuki workspace is connected to (else the bot could not write to them). Their Slack address may differ from
 * their Tasuki one: that is what this way of linking is for.
 */
async function completeSlackSignIn(
  ctx: AppContext,
  auth: RequestAuth,
  workspaceId: string,
  code: string,
  spend: (tx: DbOrTx) => Promise<void>,
) {
  const member = await requireMember(ctx.db, auth, workspaceId);
  await requirePremiumFeature(ctx.db, workspaceId, "integrations");
  const connection = await findConnectionByService(ctx.db, workspaceId, "slack");
  if (connection?.state !== "active") throw connectionMissing("slack");
  let who: Awaited<ReturnType<ReturnType<typeof slackOf>["signIn"]>>;
  try {
    who = await slackOf(ctx).signIn(code, oauthRedirectUri(ctx));
  } catch (error) {
    throw providerFailure("slack", error);
  }
  if (who.teamId !== connection.externalId) {
    throw conflict(
      "slack_other_workspace",
      `別のSlackワークスペースでサインインしました。「${connection.externalName ?? ""}」のアカウントでサインインし直してください。`,
      "Sign in with Slack answered a member of another team than the connected one",
    );
  }
  await ctx.db.transaction(async (tx) => {
    await spend(tx);
    const link = await upsertLink(tx, {
      workspaceId,
      connectionId: connection.id,
      workspaceUserId: member.id,
      service: "slack",
      externalUserId: who.userId,
      externalName: who.name,
      // chat.postMessage with a user id as the channel posts to the app's DM with them.
      roomId: who.userId,
    });
    await enqueueDeliveryJobs(ctx, tx, await resumeDeliveries(tx, connection.id, ctx.now(), link.id));
  });
}

export const connectionMissing = (service: ExternalServiceName) =>
  conflict(
    "integration_not_connected",
    `ワークスペースの${service === "slack" ? "Slack" : "Chatwork"}連携がまだ有効ではありません。管理者に連携を依頼してください。`,
    `the workspace has no active ${service} connection`,
  );

/**
 * Disconnects: the token is revoked at the provider (Slack's auth.revoke; Chatwork has no revocation call, so
 * its tokens are forgotten and expire within 30 minutes), then the connection goes with its routes, links and
 * deliveries. A provider that cannot be reached does not keep the workspace connected.
 */
export async function deleteExternalService(ctx: AppContext, auth: RequestAuth, id: string) {
  const { row } = await openConnection(ctx, auth, id, true);
  if (row.service === "slack" && row.accessTokenEncrypted && ctx.integrations.slack) {
    await ctx.integrations.slack.revoke(ctx.integrations.box.open(row.accessTokenEncrypted)).catch(() => undefined);
  }
  await deleteConnection(ctx.db, row.workspaceId, row.id);
  return { ok: true as const };
}

export async function listExternalServiceChannels(
  ctx: AppContext,
  auth: RequestAuth,
  id: string,
): Promise<{ items: ChannelOption[] }> {
  const { row } = await openConnection(ctx, auth, id, true);
  return { items: await channelsOf(ctx, row) };
}

async function channelsOf(ctx: AppContext, row: ConnectionRow): Promise<ChannelOption[]> {
  // An unconfigured service answers 409 before anything else.
  const list = row.service === "slack" ? slackOf(ctx).listChannels : chatworkOf(ctx).listRooms;
  if (row.state !== "active") throw connectionMissing(row.service);
  try {
    return await withConnectionToken(ctx, row, list);
  } catch (error) {
    throw providerFailure(row.service, error);
  }
}

export async function putExternalServiceRoute(
  ctx: AppContext,
  auth: RequestAuth,
  id: string,
  body: { target_type: "group" | "project"; target_id: string; channel_id: string | null },
) {
  const { row } = await openConnection(ctx, auth, id, true);
  await requirePremiumFeature(ctx.db, row.workspaceId, "integrations");
  const targetName = await findRouteTargetName(ctx.db, row.workspaceId, { type: body.target_type, id: body.target_id });
  if (targetName === null) throw notFound(body.target_type);
  const groupId = body.target_type === "group" ? body.target_id : null;
  const projectId = body.target_type === "project" ? body.target_id : null;
  if (body.channel_id === null) {
    await removeRoute(ctx.db, row.workspaceId, row.id, groupId, projectId);
  } else {
    const channel = (await channelsOf(ctx, row)).find((option) => option.id === body.channel_id);
    if (!channel) {
      throw badRequest(
        "unknown_channel",
        "選んだチャンネル（ルーム）が見つかりません。一覧から選び直してください。",
        `channel ${body.channel_id} is not among the connection's channels`,
      );
    }
    await upsertRoute(ctx.db, {
      workspaceId: row.workspaceId,
      connectionId: row.id,
      groupId,
      projectId,
      channelId: channel.id,
      channelName: channel.name,
    });
  }
  return presentOne(ctx.db, row);
}
