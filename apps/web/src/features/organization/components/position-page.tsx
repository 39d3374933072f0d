import { useQueryClient } from "@tanstack/react-query";
import { ErrorState } from "../../../components/error-state.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { ReadOnlyNotice } from "../../../components/read-only-notice.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { showToast } from "../../../lib/toast.tsx";
import { useCurrentWorkspace } from "../../../session/current-workspace.ts";
import { usePermission } from "../../../session/permissions.ts";
import { usePutOfficialPositions } from "../../workspace/api/put-official-positions.ts";
import { workspaceKeys } from "../../workspace/api/workspace-keys.ts";
import { workspaceUserKeys } from "../../workspace-user/api/workspace-user-keys.ts";
import { toDraft } from "../draft-list.ts";
import { DefinitionListEditor, DefinitionListSkeleton } from "./definition-list-editor.tsx";

/**
 * 役職: job titles ordered by rank. The order is the rank (1 is the highest), so a drag changes the
 * ranks of the rows it passes; this keeps ranks gap-free without a second control to keep in step.
 */
export function PositionPage() {
  const workspace = useCurrentWorkspace();
  const canEdit = usePermission("manage_org_definitions");
  const put = usePutOfficialPositions();
  const queryClient = useQueryClient();

  return (
    <>
      <PageHeader
        title="役職"
        description="部長・課長・主任のような役職を、上位のものから順に並べます。並び順がランク（1が最上位）になります。"
      />
      {!canEdit && <ReadOnlyNotice permission="manage_org_definitions" />}
      <SectionCard title="役職の一覧" description="役職を削除すると、その役職のスタッフは役職なしになります。">
        {workspace.isPending && <DefinitionListSkeleton />}
        {workspace.isError && !workspace.data && (
          <ErrorState error={workspace.error} onRetry={() => void workspace.refetch()} />
        )}
        {workspace.data && (
          <DefinitionListEditor
            key={workspace.data.id}
            saved={toDraft(
              [...workspace.data.official_positions]
                .sort((a, b) => a.rank - b.rank)
                .map((position) => ({ id: position.id, name: position.name, count: position.staff_count })),
            )}
            canEdit={canEdit}
            nameLabel="役職名"
            prefix={(index) => `ランク ${index + 1}`}
            countLabel={(count) => `スタッフ ${count}人`}
            addLabel="追加"
            addPlaceholder="例：部長、課長、主任"
            maxItems={99}
            maxLength={30}
            emptyText="役職はまだありません。「部長」「課長」「主任」のように、上位の役職から追加してください。"
            onSave={async (items) => {
              const workspaceId = workspace.data.id;
              await put.mutateAsync({
                params: { id: workspaceId },
                body: {
                  items: items.map((item, index) => ({
                    ...(item.id && { id: item.id }),
                    name: item.name.trim(),
                    rank: index + 1,
                  })),
                },
              });
              await Promise.all([
                queryClient.invalidateQueries({ queryKey: workspaceKeys.detail(workspaceId) }),
                queryClient.invalidateQueries({ queryKey: workspaceUserKeys.all }),
              ]);
              showToast("役職を保存しました", { type: "success" });
            }}
          />
        )}
      </SectionCard>
    </>
  );
}
