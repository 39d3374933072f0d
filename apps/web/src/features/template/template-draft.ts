import type { TaskPriority } from "@tasuki/contract/task/task.schema";
import type { AiPrimaryTpl } from "@tasuki/contract/template/ai-template.schema";
import type {
  AssigneeRule,
  DayBasis,
  PrimaryItemTpl,
  PrimaryItemTplTreeInput,
  SecondaryItemTpl,
  TaskTpl,
  TaskTplNode,
  TemplateKind,
} from "@tasuki/contract/template/template.schema";

/**
 * The editor's model of a template: one shape for the three kinds, so the tree editor, the preview and the save
 * share it. A task template is a tree with one task; a 中項目 template one without 中項目. Keys identify rows
 * while they are edited (React keys, focus), never sent.
 */
export interface DraftTask {
  key: string;
  title: string;
  description: string;
  priority: TaskPriority;
  start_offset_days: number;
  duration_days: number;
  assignee_rule: AssigneeRule;
  checklist: string[];
}

export interface DraftSecondary {
  key: string;
  name: string;
  description: string;
  tasks: DraftTask[];
}

export interface TemplateDraft {
  kind: TemplateKind;
  name: string;
  description: string;
  day_basis: DayBasis;
  secondary_items: DraftSecondary[];
  tasks: DraftTask[];
}

export const KIND_LABELS: Record<TemplateKind, string> = {
  task: "タスク",
  primary_item: "大項目",
  secondary_item: "中項目",
};

let counter = 0;
export const newKey = () => {
  counter += 1;
  return `k${counter}`;
};

export function blankTask(start = 0): DraftTask {
  return {
    key: newKey(),
    title: "",
    description: "",
    priority: "none",
    start_offset_days: start,
    duration_days: 1,
    assignee_rule: "user",
    checklist: [],
  };
}

export function blankDraft(kind: TemplateKind): TemplateDraft {
  return {
    kind,
    name: "",
    description: "",
    day_basis: "business",
    secondary_items:
      kind === "primary_item" ? [{ key: newKey(), name: "", description: "", tasks: [blankTask()] }] : [],
    tasks: kind === "primary_item" ? [] : [blankTask()],
  };
}

const fromNode = (task: TaskTplNode): DraftTask => ({ key: newKey(), ...task, checklist: [...task.checklist] });

export function draftOfTask(template: TaskTpl): TemplateDraft {
  return {
    kind: "task",
    name: template.title,
    description: template.description,
    day_basis: template.day_basis,
    secondary_items: [],
    tasks: [fromNode(template)],
  };
}

export function draftOfItem(
  kind: "primary_item" | "secondary_item",
  template: Pick<PrimaryItemTpl, "name" | "description" | "day_basis" | "tasks"> & {
    secondary_items?: PrimaryItemTpl["secondary_items"];
  },
): TemplateDraft {
  return {
    kind,
    name: template.name,
    description: template.description,
    day_basis: template.day_basis,
    secondary_items: (template.secondary_items ?? []).map((item) => ({
      key: newKey(),
      name: item.name,
      description: item.description,
      tasks: item.tasks.map(fromNode),
    })),
    tasks: template.tasks.map(fromNode),
  };
}

export const draftOfSecondary = (template: SecondaryItemTpl) => draftOfItem("secondary_item", template);
export const draftOfCatalogue = (entry: AiPrimaryTpl) => draftOfItem("primary_item", entry);

type TaskBody = Omit<DraftTask, "key">;
const taskBody = ({ key: _key, ...task }: DraftTask): TaskBody => ({ ...task, title: task.title.trim() });

/** The tree as the API takes it (new, PATCH, preview); a task template's single task carries the name as its title. */
export function draftBody(draft: TemplateDraft): {
  name: string;
  description: string;
  day_basis: DayBasis;
  secondary_items: { name: string; description: string; tasks: TaskBody[] }[];
  tasks: TaskBody[];
} {
  const tasks = draft.tasks.map(taskBody);
  if (draft.kind === "task" && tasks[0]) tasks[0] = { ...tasks[0], title: draft.name.trim() };
  return {
    name: draft.name.trim(),
    description: draft.description,
    day_basis: draft.day_basis,
    secondary_items:
      draft.kind === "primary_item"
        ? draft.secondary_items.map((item) => ({
            name: item.name.trim(),
            description: item.description,
            tasks: item.tasks.map(taskBody),
          }))
        : [],
    tasks,
  };
}

/** The tree for the date preview while it is being written: rows still without a name are previewed as 無題. */
export const previewDraft = (draft: TemplateDraft): PrimaryItemTplTreeInput => {
  const { name, ...rest } = draftBody(draft);
  const titled = <T extends { title: string }>(task: T) => ({ ...task, title: task.title || "（無題）" });
  return {
    ...rest,
    name: name || "（無題）",
    secondary_items: rest.secondary_items.map((item) => ({
      ...item,
      name: item.name || "（無題）",
      tasks: item.tasks.map(titled),
    })),
    tasks: rest.tasks.map(titled),
  };
};

/** What must be filled before a draft can be saved; the first problem in Japanese, or null. */
export function draftProblem(draft: TemplateDraft): string | null {
  if (!draft.name.trim()) return draft.kind === "task" ? "タスク名を入力してください" : "名前を入力してください";
  if (draft.kind !== "task") {
    for (const item of draft.secondary_items) if (!item.name.trim()) return "中項目の名前を入力してください";
    const all = [...draft.tasks, ...draft.secondary_items.flatMap((item) => item.tasks)];
    if (all.some((task) => !task.title.trim())) return "タスク名が空の行があります";
  }
  return null;
}

/** Tasks of the whole tree, and the last day counted (offset + duration, the start day being day 0). */
export function draftSpan(draft: TemplateDraft): { tasks: number; days: number } {
  const all = [...draft.tasks, ...draft.secondary_items.flatMap((item) => item.tasks)];
  const days = all.reduce((max, task) => Math.max(max, task.start_offset_days + task.duration_days), 0);
  return { tasks: draft.kind === "task" ? 1 : all.length, days };
}
