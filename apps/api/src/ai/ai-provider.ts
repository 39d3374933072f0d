import type { PrimaryItemTplTree, PrimaryItemTplTreeInput } from "@tasuki/contract/template/template.schema";

/** What a generated task description is built from: the task and the names of what it belongs to. */
export interface TaskDescriptionInput {
  title: string;
  project?: string | undefined;
  primaryItem?: string | undefined;
  secondaryItem?: string | undefined;
  group?: string | undefined;
  /** An ISO 8601 instant. */
  deadline?: string | undefined;
  /** The workspace's own words for its two item layers (e.g. 目標・施策), so the text speaks its language. */
  workspaceBaseNames: { primary_item: string; secondary_item: string };
}

export interface GeneratedText {
  text: string;
  source: "ai" | "template";
}

/** What 「AIで作成」 builds a primary item template from. */
export interface TemplateGenerationInput {
  /** 目的, in the user's words. */
  goal: string;
  /** The 業種, when known. */
  businessCategory: { id: string; name: string } | null;
  /**
   * Catalogue templates of the 業種: shown to a model as examples of the shape and the trade's work, and what the
   * deterministic generator draws on.
   */
  examples: PrimaryItemTplTreeInput[];
}

export interface GeneratedTemplate {
  /** Validated against the template schema: the adapter answers 502 rather than hand on anything else. */
  draft: PrimaryItemTplTree;
  source: "ai" | "template";
}

export interface AiProvider {
  /** `ai`: a configured chat server; `template`: the deterministic generators, labelled as such in the UI. */
  readonly kind: "ai" | "template";
  generateTaskDescription(input: TaskDescriptionInput): Promise<GeneratedText>;
  generateTemplate(input: TemplateGenerationInput): Promise<GeneratedTemplate>;
}
