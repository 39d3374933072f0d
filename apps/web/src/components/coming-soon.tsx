import ConstructionOutlined from "@mui/icons-material/ConstructionOutlined";
import { EmptyState } from "./empty-state.tsx";
import { PageHeader } from "./page-header.tsx";

/** The page of a later release: its place in the navigation exists, its contents do not yet. */
export function ComingSoon({ title, description }: { title: string; description?: string }) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <EmptyState
        icon={<ConstructionOutlined />}
        title="準備中"
        description="この画面は現在準備中です。公開までしばらくお待ちください。"
      />
    </>
  );
}
