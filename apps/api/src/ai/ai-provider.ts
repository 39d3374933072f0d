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

export interface AiProvider {
  generateTaskDescription(input: TaskDescriptionInput): Promise<GeneratedText>;
}
