import { formatJapaneseDate, formatTokyoTime } from "@tasuki/contract/rules/tokyo-date";
import type { AiProvider, TaskDescriptionInput } from "./ai-provider.ts";
import { templateDraft } from "./template-generator.ts";

/** Deadlines read as the users of the product read them: Japan time, whatever the server's zone. */
export function formatDeadline(iso: string): string {
  const time = formatTokyoTime(iso);
  // A date-only deadline is stored as 23:59:59 of that day: the time adds nothing.
  const date = formatJapaneseDate(iso);
  return time === "23:59" ? date : `${date} ${time}`;
}

/**
 * Writes the description without any model: the same input always gives the same text, so it can run
 * offline and in tests, and the UI labels it as a template rather than AI.
 */
export function templateDescription(input: TaskDescriptionInput): string {
  const names = input.workspaceBaseNames;
  const context = [
    input.project && `プロジェクト「${input.project}」`,
    input.primaryItem && `${names.primary_item}「${input.primaryItem}」`,
    input.secondaryItem && `${names.secondary_item}「${input.secondaryItem}」`,
  ].filter((part): part is string => !!part);

  const purpose = [
    context.length
      ? `${context.join("の")}の一環として、「${input.title}」を完了させます。`
      : `「${input.title}」を完了させます。`,
  ];
  if (input.group) purpose.push(`担当グループは「${input.group}」です。`);

  const steps = [
    `「${input.title}」の背景と求められている内容を確認し、不明点があれば関係者に確認する。`,
    context.length
      ? `${context[context.length - 1]}の方針に沿って、作業内容と段取りを整理する。`
      : "作業内容と段取りを整理し、必要な情報や資料をそろえる。",
    input.deadline
      ? `${formatDeadline(input.deadline)}の期限から逆算して作業を進める。`
      : "作業を進め、進み具合を適宜共有する。",
    "成果物を見直し、関係者に共有して確認を得る。",
  ];

  const done = [
    `「${input.title}」の成果物ができあがり、関係者の確認が済んでいること。`,
    ...(input.deadline ? [`${formatDeadline(input.deadline)}までに完了していること。`] : []),
    "タスクのステータスを「完了」に更新していること。",
  ];

  return [
    "【目的】",
    purpose.join(""),
    "",
    "【手順】",
    ...steps.map((step, index) => `${index + 1}. ${step}`),
    "",
    "【完了条件】",
    ...done.map((line) => `・${line}`),
  ].join("\n");
}

export function createTemplateProvider(): AiProvider {
  return {
    kind: "template",
    async generateTaskDescription(input) {
      return { text: templateDescription(input), source: "template" };
    },
    async generateTemplate(input) {
      return { draft: templateDraft(input), source: "template" };
    },
  };
}
