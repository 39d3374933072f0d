import { zodResolver } from "@hookform/resolvers/zod";
import ChevronRightOutlined from "@mui/icons-material/ChevronRightOutlined";
import FolderOutlined from "@mui/icons-material/FolderOutlined";
import RadioButtonUncheckedOutlined from "@mui/icons-material/RadioButtonUncheckedOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import { type BaseNames, baseNamesSchema, defaultBaseNames } from "@tasuki/contract/workspace/workspace.schema";
import { useForm, useWatch } from "react-hook-form";
import { ErrorState } from "../../../components/error-state.tsx";
import { FormTextField } from "../../../components/form-text-field.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { ReadOnlyNotice } from "../../../components/read-only-notice.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { showToast } from "../../../lib/toast.tsx";
import { useCurrentWorkspace } from "../../../session/current-workspace.ts";
import { usePermission } from "../../../session/permissions.ts";
import { useUpdateWorkspace } from "../../workspace/api/update-workspace.ts";
import { workspaceKeys } from "../../workspace/api/workspace-keys.ts";

/** Common pairs Japanese companies use for the two levels of work. */
const PRESETS: BaseNames[] = [
  defaultBaseNames,
  { primary_item: "目標", secondary_item: "施策" },
  { primary_item: "フェーズ", secondary_item: "工程" },
  { primary_item: "テーマ", secondary_item: "課題" },
];

/** 呼称: what the workspace calls 大項目 and 中項目 in task lists, templates and meetings. */
export function BaseNamePage() {
  const workspace = useCurrentWorkspace();
  const canEdit = usePermission("manage_org_definitions");
  return (
    <>
      <PageHeader
        title="呼称"
        description="タスクをまとめる「大項目」「中項目」を、会社で使っている呼び方に変えられます。"
      />
      {!canEdit && <ReadOnlyNotice permission="manage_org_definitions" />}
      <SectionCard title="大項目・中項目の呼称">
        {workspace.isPending && (
          <Stack spacing={2}>
            <Skeleton variant="rounded" height={56} />
            <Skeleton variant="rounded" height={56} />
            <Skeleton variant="rounded" height={160} />
          </Stack>
        )}
        {workspace.isError && !workspace.data && (
          <ErrorState error={workspace.error} onRetry={() => void workspace.refetch()} />
        )}
        {workspace.data && (
          <BaseNameForm workspaceId={workspace.data.id} saved={workspace.data.base_names} canEdit={canEdit} />
        )}
      </SectionCard>
    </>
  );
}

function BaseNameForm({ workspaceId, saved, canEdit }: { workspaceId: string; saved: BaseNames; canEdit: boolean }) {
  const update = useUpdateWorkspace();
  const queryClient = useQueryClient();
  const form = useForm<BaseNames>({ resolver: zodResolver(baseNamesSchema), values: saved });
  const current = useWatch({ control: form.control });
  const preview: BaseNames = {
    primary_item: current.primary_item?.trim() || defaultBaseNames.primary_item,
    secondary_item: current.secondary_item?.trim() || defaultBaseNames.secondary_item,
  };

  const onSubmit = form.handleSubmit(async (base_names) => {
    try {
      const next = await update.mutateAsync({ params: { id: workspaceId }, body: { base_names } });
      queryClient.setQueryData(workspaceKeys.detail(next.id), next);
    } catch {
      return; // the mutation cache shows the error
    }
    showToast("呼称を保存しました", { type: "success" });
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      {canEdit && (
        <Box sx={{ mb: 2.5 }}>
          <Typography variant="caption" sx={{ color: "text.secondary", fontWeight: 700, display: "block", mb: 1 }}>
            よく使われる組み合わせ
          </Typography>
          <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
            {PRESETS.map((preset) => (
              <Chip
                key={preset.primary_item}
                label={`${preset.primary_item} / ${preset.secondary_item}`}
                variant="outlined"
                onClick={() => {
                  form.setValue("primary_item", preset.primary_item, { shouldDirty: true, shouldValidate: true });
                  form.setValue("secondary_item", preset.secondary_item, { shouldDirty: true, shouldValidate: true });
                }}
              />
            ))}
          </Box>
        </Box>
      )}
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 2 }}>
        <FormTextField
          control={form.control}
          name="primary_item"
          label="大項目の呼称"
          helperText="例：目標、フェーズ、議題"
          disabled={!canEdit}
          slotProps={{ htmlInput: { maxLength: 20 } }}
        />
        <FormTextField
          control={form.control}
          name="secondary_item"
          label="中項目の呼称"
          helperText="例：施策、工程、論点"
          disabled={!canEdit}
          slotProps={{ htmlInput: { maxLength: 20 } }}
        />
      </Box>

      <BaseNamePreview names={preview} />

      {canEdit && (
        <Stack
          direction="row"
          spacing={1.5}
          sx={{ mt: 3, pt: 2.5, borderTop: 1, borderColor: "divider", justifyContent: "flex-end" }}
        >
          <Button color="inherit" disabled={!form.formState.isDirty} onClick={() => form.reset(saved)}>
            変更を取り消す
          </Button>
          <Button
            type="submit"
            variant="contained"
            loading={form.formState.isSubmitting}
            disabled={!form.formState.isDirty}
          >
            保存
          </Button>
        </Stack>
      )}
    </Box>
  );
}

/** How a task list will read with these names: a project, a primary item, a secondary item, tasks. */
function BaseNamePreview({ names }: { names: BaseNames }) {
  const rows = [
    { depth: 0, kind: names.primary_item, title: "新規顧客の開拓", icon: true },
    { depth: 1, kind: names.secondary_item, title: "展示会でのリード獲得", icon: true },
    { depth: 2, kind: "タスク", title: "出展ブースの資料を作成する", icon: false },
    { depth: 2, kind: "タスク", title: "名刺リストを営業部に共有する", icon: false },
    { depth: 1, kind: names.secondary_item, title: "既存顧客からの紹介", icon: true },
  ];
  return (
    <Box
      aria-label="呼称のプレビュー"
      sx={{ mt: 3, border: 1, borderColor: "divider", borderRadius: 2, overflow: "hidden" }}
    >
      <Box sx={{ px: 2, py: 1.25, bgcolor: "#fafbfd", borderBottom: 1, borderColor: "divider" }}>
        <Typography variant="caption" sx={{ color: "text.secondary", fontWeight: 700 }}>
          プレビュー：タスク一覧での表示
        </Typography>
        <Box sx={{ display: "flex", alignItems: "center", gap: 0.5, mt: 0.5, flexWrap: "wrap" }}>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            営業推進プロジェクト
          </Typography>
          <ChevronRightOutlined fontSize="small" sx={{ color: "text.secondary" }} />
          <Typography variant="body2" sx={{ fontWeight: 700 }} data-testid="base-name-breadcrumb">
            {names.primary_item} / {names.secondary_item}
          </Typography>
        </Box>
      </Box>
      {rows.map((row, index) => (
        <Box
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed sample
          key={index}
          sx={{
            display: "flex",
            alignItems: "center",
            gap: 1.25,
            py: 1,
            pr: 2,
            pl: 2 + row.depth * 3,
            "&:not(:last-of-type)": { borderBottom: 1, borderColor: "divider" },
          }}
        >
          {row.icon ? (
            <FolderOutlined fontSize="small" sx={{ color: row.depth === 0 ? "primary.main" : "secondary.main" }} />
          ) : (
            <RadioButtonUncheckedOutlined fontSize="small" sx={{ color: "text.secondary" }} />
          )}
          <Chip
            size="small"
            label={row.kind}
            color={row.depth === 0 ? "primary" : row.depth === 1 ? "secondary" : "default"}
            variant={row.depth === 2 ? "outlined" : "filled"}
            sx={{ minWidth: 56 }}
          />
          <Typography variant="body2" sx={{ fontWeight: row.depth < 2 ? 600 : 400 }}>
            {row.title}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
