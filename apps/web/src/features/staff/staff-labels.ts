import type { Role, WorkspaceUserStatus } from "@tasuki/contract/common/common.schema";

export const STATUS_LABELS: Record<WorkspaceUserStatus, string> = {
  invited: "招待中",
  active: "利用中",
  suspended: "利用停止中",
  retired: "退職",
};

/** The chip colour of each status: blue while waiting, green in use, amber stopped, grey gone. */
export const STATUS_COLOURS: Record<WorkspaceUserStatus, "info" | "success" | "warning" | "default"> = {
  invited: "info",
  active: "success",
  suspended: "warning",
  retired: "default",
};

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: "すべての操作ができます。プラン・請求の管理も含みます。",
  admin: "スタッフ・組織・プロジェクトなどを管理できます（権限ルールで変更できます）。",
  member: "自分のタスクや所属グループのタスクを扱います。",
  guest: "共有されたタスクだけを閲覧できます。",
};

export const ROLES: readonly Role[] = ["owner", "admin", "member", "guest"];
export const STATUSES: readonly WorkspaceUserStatus[] = ["invited", "active", "suspended", "retired"];

export type StatusChange = "suspended" | "retired" | "active";

/** The status changes a record in `status` can take (an invited record changes only by joining). */
export function statusChangesFor(status: WorkspaceUserStatus): StatusChange[] {
  switch (status) {
    case "active":
      return ["suspended", "retired"];
    case "suspended":
      return ["active", "retired"];
    case "retired":
      return ["active"];
    case "invited":
      return [];
  }
}

export const STATUS_CHANGE_TEXT: Record<
  StatusChange,
  { menu: string; title: string; body: (name: string) => string; confirm: string; done: (name: string) => string }
> = {
  suspended: {
    menu: "停止する",
    title: "利用を停止しますか？",
    body: (name) =>
      `${name}さんの利用を停止します。利用停止中はこのワークスペースにアクセスできなくなり、開いている画面からも操作できなくなります。あとから「利用を再開する」で元に戻せます。`,
    confirm: "停止する",
    done: (name) => `${name}さんの利用を停止しました`,
  },
  retired: {
    menu: "退職にする",
    title: "退職にしますか？",
    body: (name) =>
      `${name}さんを退職にします。このワークスペースにアクセスできなくなります。タスクなどの記録はそのまま残ります。`,
    confirm: "退職にする",
    done: (name) => `${name}さんを退職にしました`,
  },
  active: {
    menu: "利用を再開する",
    title: "利用を再開しますか？",
    body: (name) => `${name}さんの利用を再開します。再びこのワークスペースを利用できるようになります。`,
    confirm: "再開する",
    done: (name) => `${name}さんの利用を再開しました`,
  },
};
