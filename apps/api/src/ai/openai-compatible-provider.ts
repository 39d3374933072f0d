import type { AiConfig } from "../config.ts";
import { AppError } from "../lib/app-error.ts";
import type { AiProvider, TaskDescriptionInput } from "./ai-provider.ts";
import { formatDeadline } from "./template-provider.ts";

const DEFAULT_TIMEOUT_MS = 20_000;

const systemPrompt = [
  "あなたは日本の企業で使われる業務管理ツールのアシスタントです。",
  "与えられたタスク名と文脈から、タスクの説明文を日本語で書いてください。",
  "構成は【目的】【手順】【完了条件】の3つの見出しとし、手順は「1.」「2.」のように番号を付けてください。",
  "Markdown の記法（#、*、**、```、表など）は使わず、プレーンな日本語の文章で書いてください。",
  "与えられていない固有名詞・日付・数値は作らず、丁寧語で簡潔に書いてください。",
].join("\n");

export const aiUnavailable = (devMessage: string) =>
  new AppError(
    "ai_unavailable",
    502,
    "AIによる説明文の生成に失敗しました。しばらく時間をおいてから再度お試しください。",
    devMessage,
  );

function userPrompt(input: TaskDescriptionInput): string {
  const lines = [`タスク名: ${input.title}`];
  if (input.project) lines.push(`プロジェクト: ${input.project}`);
  if (input.primaryItem) lines.push(`${input.workspaceBaseNames.primary_item}: ${input.primaryItem}`);
  if (input.secondaryItem) lines.push(`${input.workspaceBaseNames.secondary_item}: ${input.secondaryItem}`);
  if (input.group) lines.push(`担当グループ: ${input.group}`);
  if (input.deadline) lines.push(`期限: ${formatDeadline(input.deadline)}`);
  return `${lines.join("\n")}\n\nこのタスクの説明文を書いてください。`;
}

interface ChatCompletion {
  choices?: { message?: { content?: unknown } }[];
}

/** Any server speaking the OpenAI chat completions API: hosted, or a local one (Ollama, vLLM, LM Studio). */
export function createOpenAiCompatibleProvider(config: AiConfig): AiProvider {
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return {
    async generateTaskDescription(input) {
      let response: Response;
      try {
        response = await fetch(`${config.baseUrl}/chat/completions`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
          },
          body: JSON.stringify({
            model: config.model,
            messages: [
              { role: "system", content: systemPrompt },
              { role: "user", content: userPrompt(input) },
            ],
          }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        throw aiUnavailable(`AI provider request failed: ${reason}`);
      }
      if (!response.ok) {
        // Drain the body so the connection is released; its text is not shown to users.
        await response.text().catch(() => "");
        throw aiUnavailable(`AI provider answered ${response.status}`);
      }
      let body: ChatCompletion;
      try {
        body = (await response.json()) as ChatCompletion;
      } catch (error) {
        const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        throw aiUnavailable(`AI provider answer unreadable: ${reason}`);
      }
      const content = body.choices?.[0]?.message?.content;
      if (typeof content !== "string" || !content.trim()) throw aiUnavailable("AI provider answered no content");
      return { text: content.trim(), source: "ai" };
    },
  };
}
