import ChevronRightOutlined from "@mui/icons-material/ChevronRightOutlined";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import { Fragment } from "react";
import { ErrorState } from "../../../components/error-state.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { ReadOnlyNotice } from "../../../components/read-only-notice.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { showToast } from "../../../lib/toast.tsx";
import { useCurrentWorkspace } from "../../../session/current-workspace.ts";
import { usePermission } from "../../../session/permissions.ts";
import { groupKeys } from "../../group/api/group-keys.ts";
import { usePutGroupTypes } from "../../workspace/api/put-group-types.ts";
import { workspaceKeys } from "../../workspace/api/workspace-keys.ts";
import { toDraft } from "../draft-list.ts";
import { DefinitionListEditor, DefinitionListSkeleton } from "./definition-list-editor.tsx";

/** 階層: the named levels of the group tree, top first. */
export function LayerPage() {
  const workspace = useCurrentWorkspace();
  const canEdit = usePermission("manage_org_definitions");
  const put = usePutGroupTypes();
  const queryClient = useQueryClient();

  return (
    <>
      <PageHeader
        title="階層"
        description="本部・部・課のように、グループの階層を上から順に設定します。ドラッグで並べ替えられます。"
      />
      {!canEdit && <ReadOnlyNotice permission="manage_org_definitions" />}
      <SectionCard
        title="階層の一覧"
        description="グループで使われている階層は削除できません。先にグループの階層を変更してください。"
      >
        {workspace.isPending && <DefinitionListSkeleton />}
        {workspace.isError && !workspace.data && (
          <ErrorState error={workspace.error} onRetry={() => void workspace.refetch()} />
        )}
        {workspace.data && (
          <DefinitionListEditor
            key={workspace.data.id}
            saved={toDraft(
              [...workspace.data.group_types]
                .sort((a, b) => a.level - b.level)
                .map((layer) => ({ id: layer.id, name: layer.name, count: layer.group_count })),
            )}
            canEdit={canEdit}
            nameLabel="階層名"
            prefix={(index) => `第${index + 1}階層`}
            countLabel={(count) => `グループ ${count}件`}
            addLabel="追加"
            addPlaceholder="例：本部、部、課、チーム"
            maxItems={10}
            maxLength={30}
            emptyText="階層はまだありません。「本部」「部」「課」のように、上の階層から追加してください。"
            header={(items) => <HierarchyPreview names={items.map((item) => item.name)} />}
            onSave={async (items) => {
              const workspaceId = workspace.data.id;
              await put.mutateAsync({
                params: { id: workspaceId },
                body: { items: items.map((item) => ({ ...(item.id && { id: item.id }), name: item.name.trim() })) },
              });
              await Promise.all([
                queryClient.invalidateQueries({ queryKey: workspaceKeys.detail(workspaceId) }),
                queryClient.invalidateQueries({ queryKey: groupKeys.all }),
              ]);
              showToast("階層を保存しました", { type: "success" });
            }}
          />
        )}
      </SectionCard>
    </>
  );
}

function HierarchyPreview({ names }: { names: string[] }) {
  const shown = names.map((name) => name.trim()).filter(Boolean);
  if (shown.length === 0) return null;
  return (
    <Box sx={{ mb: 2.5, p: 2, borderRadius: 2, bgcolor: "rgba(57, 73, 171, 0.05)" }}>
      <Typography variant="caption" sx={{ color: "text.secondary", fontWeight: 700, display: "block", mb: 1 }}>
        プレビュー
      </Typography>
      <Box aria-label="階層のプレビュー" sx={{ display: "flex", alignItems: "center", flexWrap: "wrap", gap: 0.5 }}>
        {shown.map((name, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: names may repeat while being edited; the order is the identity
          <Fragment key={index}>
            {index > 0 && <ChevronRightOutlined fontSize="small" sx={{ color: "text.secondary" }} />}
            <Chip label={name} size="small" color={index === 0 ? "primary" : "default"} />
          </Fragment>
        ))}
      </Box>
    </Box>
  );
}
