import { z } from "zod";
import { idSchema, timestampSchema } from "../common/common.schema.ts";
import { staffRefSchema } from "../common/list.schema.ts";

export const externalServiceNameSchema = z.enum(["slack", "chatwork"], {
  error: "連携サービスは Slack か Chatwork を選んでください",
});
export type ExternalServiceName = z.infer<typeof externalServiceNameSchema>;

export const EXTERNAL_SERVICE_LABELS: Record<ExternalServiceName, string> = { slack: "Slack", chatwork: "Chatwork" };

/** pending: waiting for the provider's consent; active: delivering; broken: the provider refused the token. */
export const externalServiceStateSchema = z.enum(["pending", "active", "broken"]);
export type ExternalServiceState = z.infer<typeof externalServiceStateSchema>;

/** A group's or project's channel (Slack) or room (Chatwork). */
export const externalRouteSchema = z
  .object({
    id: idSchema,
    target_type: z.enum(["group", "project"]),
    target_id: idSchema,
    target_name: z.string(),
    channel_id: z.string(),
    channel_name: z.string(),
  })
  .meta({ id: "ExternalRoute" });
export type ExternalRoute = z.infer<typeof externalRouteSchema>;

/** 外部連携: a workspace's Slack or Chatwork connection. Its tokens never leave the server. */
export const workspaceExternalServiceSchema = z
  .object({
    id: idSchema,
    workspace_id: idSchema,
    service: externalServiceNameSchema,
    state: externalServiceStateSchema,
    /** The Slack workspace's (team's) name, or the Chatwork organisation's. */
    external_name: z.string().nullable(),
    connected_by: staffRefSchema.nullable(),
    connected_at: timestampSchema.nullable(),
    broken_at: timestampSchema.nullable(),
    /** The provider's reason (e.g. token_revoked), for the admin reading why it stopped. */
    broken_reason: z.string().nullable(),
    linked_people: z.number().int(),
    routes: z.array(externalRouteSchema),
  })
  .meta({ id: "WorkspaceExternalService" });
export type WorkspaceExternalService = z.infer<typeof workspaceExternalServiceSchema>;

/** Whether the operator set the service up (client id and secret); without it nobody can connect. */
export const externalServiceAvailabilitySchema = z.object({
  service: externalServiceNameSchema,
  configured: z.boolean(),
});

/** Which notices a person receives on a service, per kind. */
export const externalNoticeKindsSchema = z
  .strictObject({
    assigned: z.boolean(),
    status: z.boolean(),
    reminder: z.boolean(),
    meeting: z.boolean(),
    /** Comments on tasks one follows, and mentions of oneself. */
    comment: z.boolean(),
  })
  .meta({ id: "ExternalNoticeKinds" });
export type ExternalNoticeKinds = z.infer<typeof externalNoticeKindsSchema>;

/** One service as the signed-in staff member sees it on マイページ → 外部連携. */
export const myExternalLinkageSchema = z
  .object({
    service: externalServiceNameSchema,
    configured: z.boolean(),
    /** The workspace's connection: none until an administrator connects. */
    connection_state: z.enum(["none", "pending", "active", "broken"]),
    external_workspace_name: z.string().nullable(),
    link: z
      .object({
        state: z.enum(["active", "broken"]),
        external_name: z.string(),
        kinds: externalNoticeKindsSchema,
        created_at: timestampSchema,
      })
      .nullable(),
  })
  .meta({ id: "MyExternalLinkage" });
export type MyExternalLinkage = z.infer<typeof myExternalLinkageSchema>;

export const channelOptionSchema = z.object({ id: z.string(), name: z.string() });
export type ChannelOption = z.infer<typeof channelOptionSchema>;

export const externalServiceParamsSchema = z.object({ service: externalServiceNameSchema });
