import { primaryItemTplTreeSchema } from "@tasuki/contract/template/template.schema";
import { z } from "zod";
import type { AiConfig } from "../config/config.ts";
import { AppError } from "../lib/app-error.ts";
import type { AiProvider, TaskDescriptionInput, TemplateGenerationInput } from "./ai-provider.ts";
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

export const aiTemplateUnavailable = (devMessage: string) =>
  new AppError(
    "ai_unavailable",
    502,
    "AIによるテンプレートの作成に失敗しました。しばらく時間をおいてから再度お試しいただくか、業種別テンプレートからお選びください。",
    devMessage,
  );

const templateSystemPrompt = [
  "あなたは日本の企業で使われる業務管理ツールのアシスタントです。",
  "与えられた目的と業種から、仕事の段取りを大項目テンプレートとして JSON で設計してください。",
  "大項目（name）の下に中項目（secondary_items）を2〜6個、各中項目にタスク（tasks）を2〜6個置きます。",
  "各タスクには start_offset_days（開始日から何営業日後に始めるか、0以上）と duration_days（何営業日かかるか、1以上）、",
  "priority（high・middle・low・none）、description（何をするかを1〜2文）、checklist（確認項目、0〜5個）、",
  "assignee_rule（user: テンプレートを使う人、manager: プロジェクトの責任者、none: 未定）を付けます。",
  "day_basis は business とし、作業の順序が自然になるように日数を設計してください。",
  "名前と説明はすべて自然な日本語で、与えられていない固有名詞・日付・金額は作らないでください。",
  "例として同じ業種のテンプレートを示すことがあります。形式を参考にし、内容は目的に合わせてください。",
].join("\n");

function templateUserPrompt(input: TemplateGenerationInput): string {
  const lines = [`目的: ${input.goal}`];
  if (input.businessCategory) lines.push(`業種: ${input.businessCategory.name}`);
  const examples = input.examples.slice(0, 2);
  if (examples.length)
    lines.push("", "同じ業種のテンプレートの例:", ...examples.map((example) => JSON.stringify(example)));
  return `${lines.join("\n")}\n\nこの目的のための大項目テンプレートを JSON で答えてください。`;
}

/**
 * The structured output the model is asked for: the template schema itself, as JSON Schema (every field required,
 * no others), so a server that honours `response_format` cannot answer another shape. The answer is validated
 * against the same schema all the same: a server may ignore the format.
 */
const templateJsonSchema = z.toJSONSchema(primaryItemTplTreeSchema, { io: "output", unrepresentable: "any" });

/** Any server speaking the OpenAI chat completions API: hosted, or a local one (Ollama, vLLM, LM Studio). */
export function createOpenAiCompatibleProvider(config: AiConfig): AiProvider {
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  /** One chat completion; any failure is the given 502, with what went wrong for developers only. */
  async function chat(
    messages: { role: "system" | "user"; content: string }[],
    fail: (devMessage: string) => AppError,
    extra: Record<string, unknown> = {},
  ): Promise<string> {
    let response: Response;
    try {
      response = await fetch(`${config.baseUrl}/chat/completions`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
        },
        body: JSON.stringify({ model: config.model, messages, ...extra }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      throw fail(`AI provider request failed: ${reason}`);
    }
    if (!response.ok) {
      // Drain the body so the connection is released; its text is not shown to users.
      await response.text().catch(() => "");
      throw fail(`AI provider answered ${response.status}`);
    }
    let body: ChatCompletion;
    try {
      body = (await response.json()) as ChatCompletion;
    } catch (error) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      throw fail(`AI provider answer unreadable: ${reason}`);
    }
    const content = body.choices?.[0]?.message?.content;
    if (typeof content !== "string" || !content.trim()) throw fail("AI provider answered no content");
    return content.trim();
  }

  return {
    kind: "ai",
    async generateTaskDescription(input) {
      const text = await chat(
        [
          { role: "system", content: systemPrompt },
          { role: "user", content: userPrompt(input) },
        ],
        aiUnavailable,
      );
      return { text, source: "ai" };
    },
    async generateTemplate(input) {
      const content = await chat(
        [
          { role: "system", content: templateSystemPrompt },
          { role: "user", content: templateUserPrompt(input) },
        ],
        aiTemplateUnavailable,
        {
          response_format: {
            type: "json_schema",
            json_schema: { name: "primary_item_template", strict: true, schema: templateJsonSchema },
          },
        },
      );
      let parsed: unknown;
      try {
        // Some servers wrap JSON in a code fence even when asked for JSON only.
        parsed = JSON.parse(content.replace(/^```(?:json)?\s*|\s*```$/g, ""));
      } catch {
        throw aiTemplateUnavailable("AI provider answered text that is not JSON");
      }
      const checked = primaryItemTplTreeSchema.safeParse(parsed);
      if (!checked.success) {
        const where = checked.error.issues
          .slice(0, 3)
          .map((issue) => `${issue.path.join(".")}: ${issue.code}`)
          .join("; ");
        throw aiTemplateUnavailable(`AI provider answered JSON outside the template schema (${where})`);
      }
      return { draft: checked.data, source: "ai" };
    },
  };
}
