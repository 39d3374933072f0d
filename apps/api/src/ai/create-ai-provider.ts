import type { AiConfig } from "../config/config.ts";
import type { AiProvider } from "./ai-provider.ts";
import { createOpenAiCompatibleProvider } from "./openai-compatible-provider.ts";
import { createTemplateProvider } from "./template-provider.ts";

/** Chosen once at start: a configured chat server, else the deterministic template generator. */
export function createAiProvider(config: AiConfig | null): AiProvider {
  return config ? createOpenAiCompatibleProvider(config) : createTemplateProvider();
}
