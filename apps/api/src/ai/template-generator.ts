import { cutText, shortenText } from "@tasuki/contract/common/cut-text";
import {
  type PrimaryItemTplTree,
  type PrimaryItemTplTreeInput,
  primaryItemTplTreeSchema,
} from "@tasuki/contract/template/template.schema";
import type { TemplateGenerationInput } from "./ai-provider.ts";

/** Overlapping pairs of characters: a measure of likeness that works for Japanese without a tokenizer. */
function bigrams(text: string): Set<string> {
  const clean = text.replace(/[\s、。・「」（）()]/g, "");
  const pairs = new Set<string>();
  for (let i = 0; i < clean.length - 1; i++) pairs.add(clean.slice(i, i + 2));
  return pairs;
}

function likeness(goal: Set<string>, example: PrimaryItemTplTreeInput): number {
  const words = bigrams(
    [example.name, example.description ?? "", ...(example.secondary_items ?? []).map((item) => item.name)].join(" "),
  );
  let shared = 0;
  for (const pair of goal) if (words.has(pair)) shared++;
  return shared;
}

/** A plain plan for a goal no catalogue entry resembles: 計画 → 準備 → 実施 → 振り返り, in business days. */
function genericTree(goal: string): PrimaryItemTplTreeInput {
  const subject = shortenText(goal, 41);
  return {
    name: cutText(goal, 200),
    description: `「${subject}」のための段取りです。内容に合わせて中項目とタスクを調整してください。`,
    day_basis: "business",
    secondary_items: [
      {
        name: "計画",
        description: "目的とゴールを関係者と合意します。",
        tasks: [
          {
            title: "目的とゴールの確認",
            priority: "high",
            start_offset_days: 0,
            duration_days: 2,
            description: `「${subject}」の目的、達成基準、期限を関係者と確認します。`,
          },
          {
            title: "体制と役割分担の決定",
            priority: "middle",
            start_offset_days: 2,
            duration_days: 2,
            description: "担当者と責任者を決め、連絡方法を共有します。",
            assignee_rule: "manager",
          },
          {
            title: "スケジュールの作成",
            priority: "middle",
            start_offset_days: 3,
            duration_days: 2,
            description: "作業を洗い出し、期限から逆算して日程を組みます。",
          },
        ],
      },
      {
        name: "準備",
        description: "実施に必要なものを揃えます。",
        tasks: [
          {
            title: "必要な資料・備品の手配",
            priority: "middle",
            start_offset_days: 5,
            duration_days: 5,
            description: "必要なものを洗い出し、発注や作成を進めます。",
          },
          {
            title: "関係者への事前連絡",
            priority: "middle",
            start_offset_days: 8,
            duration_days: 2,
            description: "日程と依頼事項を関係者に連絡し、確認を取ります。",
          },
        ],
      },
      {
        name: "実施",
        description: "計画に沿って進めます。",
        tasks: [
          {
            title: "実施と進捗の確認",
            priority: "high",
            start_offset_days: 10,
            duration_days: 5,
            description: "計画どおりに進んでいるかを確認し、問題があれば早めに共有します。",
          },
        ],
      },
      {
        name: "振り返り",
        description: "結果をまとめ、次に活かします。",
        tasks: [
          {
            title: "結果の報告",
            priority: "middle",
            start_offset_days: 15,
            duration_days: 2,
            description: "成果と課題をまとめて関係者に報告します。",
            assignee_rule: "manager",
          },
          {
            title: "振り返りと改善点の整理",
            priority: "low",
            start_offset_days: 17,
            duration_days: 1,
            description: "良かった点と改善点を整理し、次回に引き継ぎます。",
          },
        ],
      },
    ],
    tasks: [],
  };
}

/**
 * The draft of 「AIで作成」 without any model: the catalogue template of the 業種 most like the goal (shared pairs
 * of characters), or a plain 計画・準備・実施・振り返り plan named after the goal when none is alike. The same input
 * always gives the same draft, so it runs offline and in tests; the answer says `template`, never `ai`.
 */
export function templateDraft(input: TemplateGenerationInput): PrimaryItemTplTree {
  const goal = bigrams(input.goal);
  let best: PrimaryItemTplTreeInput | null = null;
  let bestScore = 1;
  for (const example of input.examples) {
    const score = likeness(goal, example);
    if (score > bestScore) {
      best = example;
      bestScore = score;
    }
  }
  return primaryItemTplTreeSchema.parse(best ?? genericTree(input.goal));
}
