import TaskAltOutlined from "@mui/icons-material/TaskAltOutlined";
import Divider from "@mui/material/Divider";
import Paper from "@mui/material/Paper";
import Tabs from "@mui/material/Tabs";
import { EmptyState } from "../../../components/empty-state.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { TabLink } from "../../../components/router-link.tsx";

export type TaskTab = "me" | "group" | "management" | "public" | "project";

const TABS: { value: TaskTab; label: string; to: `/task/${TaskTab}` }[] = [
  { value: "me", label: "自分", to: "/task/me" },
  { value: "group", label: "グループ", to: "/task/group" },
  { value: "management", label: "管理", to: "/task/management" },
  { value: "public", label: "公開", to: "/task/public" },
  { value: "project", label: "プロジェクト", to: "/task/project" },
];

/** The landing page's frame: the five tabs of the task list; the list itself comes with the tasks release. */
export function TaskPlaceholderPage({ tab }: { tab: TaskTab }) {
  return (
    <>
      <PageHeader title="タスク" description="自分の担当、所属グループ、管理しているタスクをまとめて確認できます。" />
      <Paper variant="outlined" sx={{ borderRadius: 3, overflow: "hidden" }}>
        <Tabs
          value={tab}
          aria-label="タスクの表示切り替え"
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ px: 2 }}
        >
          {TABS.map((item) => (
            <TabLink key={item.value} value={item.value} label={item.label} to={item.to} />
          ))}
        </Tabs>
        <Divider />
        <EmptyState
          bare
          icon={<TaskAltOutlined />}
          title="表示できるタスクはまだありません"
          description="タスクの一覧・作成はまもなく利用できるようになります。公開までしばらくお待ちください。"
        />
      </Paper>
    </>
  );
}
