import type { Config } from "../config/config.ts";
import { createSecretBox } from "../lib/secret-box.ts";
import { createChatworkApi } from "./chatwork/chatwork-api.ts";
import type { Integrations } from "./integration-provider.ts";
import { createSlackApi } from "./slack/slack-api.ts";

/** The providers the operator configured (docs/operations.md); tests point their base URLs at local servers. */
export function createIntegrations(config: Config): Integrations {
  const slack = config.integrations?.slack;
  const chatwork = config.integrations?.chatwork;
  return {
    slack: slack ? createSlackApi(slack) : null,
    chatwork: chatwork ? createChatworkApi(chatwork) : null,
    box: createSecretBox(config.authSecret),
  };
}
