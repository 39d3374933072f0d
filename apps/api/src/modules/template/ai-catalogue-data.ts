import type { TaskPriority } from "@tasuki/contract/task/task.schema";
import type { DayBasis } from "@tasuki/contract/template/template.schema";

/**
 * The AI catalogue's content (AIテンプレート): per 業種 (the ids of `business-category/list-all`), primary item
 * templates with their secondary items and tasks, in natural Japanese. Seed data, read-only, shared by every
 * workspace; `/app/ai-primary-tpl/list` and `/app/ai-secondary-tpl/list` serve it filtered by the workspace's 業種
 * (catalogue.ts), and the deterministic generator of 「AIで作成」 draws on it when no AI provider is configured.
 * Offsets and durations follow the template rules (docs/decisions/0018-templates.md): `start_offset_days` 0 is the
 * start date, `duration_days` 1 ends the same day.
 */
export interface CatalogueTask {
  title: string;
  description: string;
  priority: TaskPriority;
  start_offset_days: number;
  duration_days: number;
  /** Defaults to [] */
  checklist?: string[];
  /** Defaults to `user` (the person who uses the template). */
  assignee_rule?: "user" | "manager" | "none";
}

export interface CatalogueSecondaryItem {
  name: string;
  description: string;
  tasks: CatalogueTask[];
}

export interface CataloguePrimaryItem {
  /** Stable and unique in the whole catalogue (kebab-case, e.g. `it-release`): the web keys entries by it. */
  id: string;
  name: string;
  description: string;
  /** Defaults to `business`. */
  day_basis?: DayBasis;
  secondary_items: CatalogueSecondaryItem[];
  /** Tasks right under the primary item; defaults to []. */
  tasks?: CatalogueTask[];
}

/** Keyed by business category id; a 業種 without an entry has an empty catalogue. */
export type AiCatalogue = Record<string, CataloguePrimaryItem[]>;

export const aiCatalogue: AiCatalogue = {
  it: [
    {
      id: "it-release",
      name: "新機能のリリース",
      description: "要件の確定から本番リリース、リリース後の確認までを進めます。",
      secondary_items: [
        {
          name: "要件定義",
          description: "何を作るかを関係者と合意します。",
          tasks: [
            {
              title: "要件のヒアリング",
              description: "利用部門に現状の課題と要望を聞き取ります。",
              priority: "high",
              start_offset_days: 0,
              duration_days: 3,
            },
            {
              title: "要件定義書の作成とレビュー",
              description: "聞き取った内容を要件定義書にまとめ、関係者のレビューを受けます。",
              priority: "high",
              start_offset_days: 3,
              duration_days: 5,
              checklist: ["機能要件", "非機能要件", "スケジュール"],
            },
          ],
        },
        {
          name: "リリース",
          description: "テストを終えて本番環境に反映します。",
          tasks: [
            {
              title: "受け入れテスト",
              description: "利用部門にテスト環境で操作してもらい、問題がないことを確認します。",
              priority: "middle",
              start_offset_days: 20,
              duration_days: 5,
            },
            {
              title: "本番リリースと動作確認",
              description: "手順書に沿って本番環境に反映し、主要な機能の動作を確認します。",
              priority: "high",
              start_offset_days: 25,
              duration_days: 1,
              assignee_rule: "manager",
            },
          ],
        },
      ],
    },
  ],
};
