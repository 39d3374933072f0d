import { z } from "zod";

/** What a role may do in a workspace. The owner always has every permission. */
export const permissionSchema = z.enum([
  "manage_staff",
  "manage_org_definitions",
  "manage_groups",
  "manage_projects",
  "manage_meetings",
  "manage_templates",
  "view_all_tasks",
  "create_tasks",
  "create_meetings",
  "view_analytics_workspace",
  "view_analytics_group",
  "view_analytics_person",
  "manage_billing",
  "manage_integrations",
]);
export type Permission = z.infer<typeof permissionSchema>;
export const allPermissions = permissionSchema.options;

/** The editable part of the matrix: the owner's column is fixed. */
export const authorityRulesSchema = z
  .object({
    admin: z.array(permissionSchema),
    member: z.array(permissionSchema),
    guest: z.array(permissionSchema),
  })
  .meta({ id: "AuthorityRules" });
export type AuthorityRules = z.infer<typeof authorityRulesSchema>;

export const defaultAuthorityRules: AuthorityRules = {
  admin: allPermissions.filter((permission) => permission !== "manage_billing"),
  member: ["create_tasks", "create_meetings", "view_analytics_person"],
  guest: [],
};

/** Labels and explanations shown on the authority rules page. */
export const permissionLabels: Record<Permission, { label: string; description: string }> = {
  manage_staff: {
    label: "スタッフの管理",
    description: "スタッフの招待・編集・ステータス変更・削除、CSVの入出力ができます。",
  },
  manage_org_definitions: {
    label: "組織定義の管理",
    description: "階層・役職・呼称など、組織の定義を変更できます。",
  },
  manage_groups: { label: "グループの管理", description: "グループの作成・編集・移動・削除ができます。" },
  manage_projects: {
    label: "プロジェクトの管理",
    description: "すべてのプロジェクトの作成・編集・アーカイブ・削除ができます。",
  },
  manage_meetings: { label: "会議の管理", description: "すべての会議の編集・削除ができます。" },
  manage_templates: {
    label: "テンプレートの管理",
    description: "タスクテンプレート・項目テンプレートを作成・編集できます。",
  },
  view_all_tasks: {
    label: "すべてのタスクの閲覧",
    description: "非公開のタスクを含め、ワークスペースのすべてのタスクを閲覧できます。",
  },
  create_tasks: { label: "タスクの作成", description: "タスクを作成できます。" },
  create_meetings: { label: "会議の作成", description: "会議を作成できます。" },
  view_analytics_workspace: {
    label: "ワークスペース分析の閲覧",
    description: "ワークスペース全体の分析を閲覧できます。",
  },
  view_analytics_group: { label: "グループ分析の閲覧", description: "所属グループの分析を閲覧できます。" },
  view_analytics_person: { label: "個人分析の閲覧", description: "自分自身の分析を閲覧できます。" },
  manage_billing: { label: "プラン・請求の管理", description: "プラン契約・支払い方法・請求書を管理できます。" },
  manage_integrations: { label: "外部連携の管理", description: "Slack・Chatworkとの連携を設定できます。" },
};
