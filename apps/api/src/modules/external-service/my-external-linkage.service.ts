import type { ExternalNoticeKinds, MyExternalLinkage } from "@tasuki/contract/external-service/external-service.schema";
import type { AppContext } from "../../context/app-context.ts";
import type { ExternalServiceName } from "../../db/schema/integrations.ts";
import type { RequestAuth } from "../../http/authenticate.ts";
import { requireMember } from "../../http/workspace-scope.ts";
import { conflict } from "../../lib/app-error.ts";
import { requirePremiumFeature } from "../../plan-gate/plan-gate.ts";
import { planTestDelivery } from "./external-delivery-plan.ts";
import {
  type ConnectionRow,
  deleteLink,
  findConnectionByService,
  type LinkRow,
  listConnections,
  listLinksOfStaff,
  setLinkKinds,
  upsertLink,
} from "./external-service.repository.ts";
import { connectionMissing, oauthRedirectUri } from "./external-service.service.ts";
import { chatworkOf, connectionToken, providerFailure, slackOf } from "./external-token.ts";
import { issueIntegrationState } from "./oauth-state.ts";

const SERVICES = ["slack", "chatwork"] as const;

function presentLinkage(
  ctx: AppContext,
  service: ExternalServiceName,
  connection: ConnectionRow | undefined,
  link: LinkRow | undefined,
): MyExternalLinkage {
  return {
    service,
    configured: ctx.integrations[service] !== null,
    connection_state: connection?.state ?? "none",
    external_workspace_name: connection?.externalName ?? null,
    link: link
      ? {
          state: link.state,
          external_name: link.externalName,
          kinds: link.kinds,
          created_at: link.createdAt.toISOString(),
        }
      : null,
  };
}

async function linkagesOf(ctx: AppContext, workspaceId: string, staffId: string): Promise<MyExternalLinkage[]> {
  const [connections, links] = await Promise.all([
    listConnections(ctx.db, workspaceId),
    listLinksOfStaff(ctx.db, workspaceId, staffId),
  ]);
  return SERVICES.map((service) =>
    presentLinkage(
      ctx,
      service,
      connections.find((row) => row.service === service),
      links.find((row) => row.service === service),
    ),
  );
}

export async function listMyExternalLinkages(ctx: AppContext, auth: RequestAuth, workspaceId: string) {
  const member = await requireMember(ctx.db, auth, workspaceId);
  return { items: await linkagesOf(ctx, workspaceId, member.id) };
}

const notLinked = (service: ExternalServiceName) =>
  conflict(
    "not_linked",
    `${service === "slack" ? "Slack" : "Chatwork"}のアカウントがまだ連携されていません。`,
    `the caller has no ${service} link`,
  );

/**
 * Slack by e-mail: the person is found in the connected Slack workspace by their Tasuki address
 * (users.lookupByEmail) and linked at once. Slack by sign-in (`method: "sign_in"`) and Chatwork: the answer
 * carries the consent URL of their own account, completed by the callback with a state bound to this session.
 */
export async function newMyExternalLinkage(
  ctx: AppContext,
  auth: RequestAuth,
  body: { workspace_id: string; service: ExternalServiceName; method?: "email" | "sign_in" | undefined },
) {
  const member = await requireMember(ctx.db, auth, body.workspace_id);
  await requirePremiumFeature(ctx.db, body.workspace_id, "integrations");
  const connection = await findConnectionByService(ctx.db, body.workspace_id, body.service);
  if (connection?.state !== "active") throw connectionMissing(body.service);
  if (body.service === "chatwork" || body.method === "sign_in") {
    const state = await issueIntegrationState(
      ctx.db,
      {
        target: "personal",
        service: body.service,
        workspaceId: body.workspace_id,
        userId: auth.userId,
        sessionId: auth.sessionId,
      },
      oauthRedirectUri(ctx),
      ctx.now(),
    );
    const [linkage] = (await linkagesOf(ctx, body.workspace_id, member.id)).filter(
      (item) => item.service === body.service,
    );
    const authorizeUrl =
      body.service === "chatwork"
        ? chatworkOf(ctx).authorizeUrl(state, oauthRedirectUri(ctx))
        : slackOf(ctx).signInUrl(state, oauthRedirectUri(ctx));
    return { linkage: linkage!, authorize_url: authorizeUrl };
  }
  const slack = slackOf(ctx);
  let found: { id: string; name: string } | null;
  try {
    found = await slack.lookupByEmail(await connectionToken(ctx, connection), member.email);
  } catch (error) {
    throw providerFailure("slack", error);
  }
  if (!found) {
    throw conflict(
      "slack_user_not_found",
      `Slackワークスペース「${connection.externalName ?? ""}」に、メールアドレス ${member.email} のメンバーが見つかりません。Slackのプロフィールのメールアドレスをご確認いただくか、「Slack でサインインして連携」をお使いください。`,
      "users.lookupByEmail found nobody with the staff member's address",
    );
  }
  const link = await upsertLink(ctx.db, {
    workspaceId: body.workspace_id,
    connectionId: connection.id,
    workspaceUserId: member.id,
    service: "slack",
    externalUserId: found.id,
    externalName: found.name,
    // chat.postMessage with a user id as the channel posts to the app's DM with them.
    roomId: found.id,
  });
  return { linkage: presentLinkage(ctx, "slack", connection, link), authorize_url: null };
}

export async function patchMyExternalLinkage(
  ctx: AppContext,
  auth: RequestAuth,
  service: ExternalServiceName,
  body: { workspace_id: string; kinds: ExternalNoticeKinds },
) {
  const member = await requireMember(ctx.db, auth, body.workspace_id);
  const link = await setLinkKinds(ctx.db, body.workspace_id, member.id, service, body.kinds);
  if (!link) throw notLinked(service);
  const connection = await findConnectionByService(ctx.db, body.workspace_id, service);
  return presentLinkage(ctx, service, connection ?? undefined, link);
}

export async function deleteMyExternalLinkage(
  ctx: AppContext,
  auth: RequestAuth,
  service: ExternalServiceName,
  workspaceId: string,
) {
  const member = await requireMember(ctx.db, auth, workspaceId);
  if (!(await deleteLink(ctx.db, workspaceId, member.id, service))) throw notLinked(service);
  return { ok: true as const };
}

export async function testMyExternalLinkage(
  ctx: AppContext,
  auth: RequestAuth,
  service: ExternalServiceName,
  workspaceId: string,
) {
  const member = await requireMember(ctx.db, auth, workspaceId);
  await requirePremiumFeature(ctx.db, workspaceId, "integrations");
  const link = (await listLinksOfStaff(ctx.db, workspaceId, member.id)).find((row) => row.service === service);
  if (!link) throw notLinked(service);
  const connection = await findConnectionByService(ctx.db, workspaceId, service);
  if (connection?.state !== "active" || link.state !== "active") throw connectionMissing(service);
  await planTestDelivery(ctx, link);
  return { ok: true as const };
}
