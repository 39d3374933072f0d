import { zodResolver } from "@hookform/resolvers/zod";
import AddOutlined from "@mui/icons-material/AddOutlined";
import ApartmentOutlined from "@mui/icons-material/ApartmentOutlined";
import CloseOutlined from "@mui/icons-material/CloseOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import type { WorkspaceUserStatus } from "@tasuki/contract/common/common.schema";
import { DATE_STYLE_LABELS, type DateStyle, workspaceNameSchema } from "@tasuki/contract/workspace/workspace.schema";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { ErrorState } from "../../../components/error-state.tsx";
import { FormTextField } from "../../../components/form-text-field.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { InfoRow, SectionCard } from "../../../components/section-card.tsx";
import { formatJapaneseDate, formatSlashDate } from "../../../lib/date.ts";
import { canRenameWorkspace, ROLE_LABELS } from "../../../lib/role-labels.ts";
import { showErrorToast, showToast } from "../../../lib/toast.tsx";
import { syncSession, useSignedInSession } from "../../../session/session.ts";
import { useWorkspace } from "../../workspace/api/get-workspace.ts";
import { useUpdateWorkspace } from "../../workspace/api/update-workspace.ts";
import { workspaceKeys } from "../../workspace/api/workspace-keys.ts";
import { CreateWorkspaceForm } from "../../workspace/components/create-workspace-form.tsx";

const STATUS_LABELS: Record<WorkspaceUserStatus, string> = {
  invited: "招待中",
  active: "利用中",
  suspended: "利用停止中",
  retired: "退職",
};

export function WorkspacePage() {
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PageHeader
        title="ワークスペース"
        description="所属しているワークスペースの確認・切り替え・作成ができます。"
        actions={
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setCreating(true)}>
            ワークスペースを作成
          </Button>
        }
      />
      <CurrentWorkspaceSection />
      <DateStyleSection />
      <MembershipsSection />
      <CreateWorkspaceDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}

function CurrentWorkspaceSection() {
  const session = useSignedInSession();
  const workspaceUser = session.workspaceUser;
  const workspace = useWorkspace(workspaceUser?.workspace_id);
  const canRename = workspaceUser ? canRenameWorkspace(workspaceUser) : false;

  return (
    <SectionCard title="現在のワークスペース">
      {workspace.isPending && (
        <Stack spacing={1.5}>
          <Skeleton variant="text" width="40%" />
          <Skeleton variant="text" width="30%" />
          <Skeleton variant="text" width="50%" />
        </Stack>
      )}
      {workspace.isError && <ErrorState error={workspace.error} onRetry={() => void workspace.refetch()} />}
      {workspace.data && workspaceUser && (
        <>
          <InfoRow label="ワークスペース名">
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {workspace.data.name}
            </Typography>
          </InfoRow>
          <InfoRow label="ワークスペースID">
            <Typography variant="body2" sx={{ fontFamily: "monospace", fontSize: 14 }}>
              {workspace.data.code}
            </Typography>
          </InfoRow>
          <InfoRow label="あなたの権限">
            <Chip label={ROLE_LABELS[workspaceUser.role]} size="small" color="primary" variant="outlined" />
          </InfoRow>
          <InfoRow label="作成日">
            <Typography variant="body2">{formatJapaneseDate(workspace.data.created_at)}</Typography>
          </InfoRow>
          {canRename && <RenameForm workspaceId={workspace.data.id} currentName={workspace.data.name} />}
        </>
      )}
    </SectionCard>
  );
}

/** 日付の表記: 西暦 or 和暦 for every date the workspace's screens show (lib/date.ts); inputs stay 西暦. */
function DateStyleSection() {
  const session = useSignedInSession();
  const workspaceUser = session.workspaceUser;
  const current = session.user.workspace_users.find((m) => m.workspace_id === workspaceUser?.workspace_id);
  const saved = current?.workspace.date_style ?? "gregorian";
  const canEdit = workspaceUser ? canRenameWorkspace(workspaceUser) : false;
  const update = useUpdateWorkspace();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<DateStyle>(saved);
  if (!workspaceUser) return null;
  const today = new Date();

  const save = async () => {
    try {
      const workspace = await update.mutateAsync({
        params: { id: workspaceUser.workspace_id },
        body: { date_style: choice },
      });
      queryClient.setQueryData(workspaceKeys.detail(workspace.id), workspace);
    } catch {
      return; // shown by the mutation cache
    }
    // The shell reads the style from the session's memberships and redraws every date with it.
    await syncSession().catch(showErrorToast);
    showToast(`日付の表記を${DATE_STYLE_LABELS[choice]}にしました`, { type: "success" });
  };

  return (
    <SectionCard
      title="日付の表記"
      description={
        canEdit
          ? "このワークスペースの画面に表示する日付の書き方です。全員の表示が変わります（入力欄とCSVは西暦のままです）。"
          : "このワークスペースの画面に表示する日付の書き方です。変更できるのはオーナーと管理者です。"
      }
    >
      <RadioGroup
        aria-label="日付の表記"
        value={choice}
        onChange={(event) => setChoice(event.target.value as DateStyle)}
      >
        {(["gregorian", "japanese"] as const).map((style) => (
          <FormControlLabel
            key={style}
            value={style}
            disabled={!canEdit}
            control={<Radio />}
            label={
              <Box component="span" sx={{ display: "inline-flex", flexWrap: "wrap", columnGap: 1.5 }}>
                <Box component="span" sx={{ fontWeight: 600 }}>
                  {DATE_STYLE_LABELS[style]}
                </Box>
                <Box component="span" sx={{ color: "text.secondary" }}>
                  例：{formatJapaneseDate(today, { style })}・{formatSlashDate(today, { style })}
                </Box>
              </Box>
            }
          />
        ))}
      </RadioGroup>
      {canEdit && (
        <Button
          variant="contained"
          sx={{ mt: 2 }}
          disabled={choice === saved}
          loading={update.isPending}
          onClick={() => void save()}
        >
          保存
        </Button>
      )}
    </SectionCard>
  );
}

const renameSchema = z.object({ name: workspaceNameSchema });

function RenameForm({ workspaceId, currentName }: { workspaceId: string; currentName: string }) {
  const update = useUpdateWorkspace();
  const queryClient = useQueryClient();
  const form = useForm({ resolver: zodResolver(renameSchema), values: { name: currentName } });
  const onSubmit = form.handleSubmit(async ({ name }) => {
    try {
      const workspace = await update.mutateAsync({ params: { id: workspaceId }, body: { name } });
      queryClient.setQueryData(workspaceKeys.detail(workspace.id), workspace);
    } catch {
      return; // shown by the mutation cache
    }
    // The header and the switcher read the name from the user's memberships.
    await syncSession().catch(showErrorToast);
    showToast("ワークスペース名を保存しました", { type: "success" });
  });
  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ mt: 3, pt: 3, borderTop: 1, borderColor: "divider" }}>
      <Typography variant="h5" component="h3" sx={{ mb: 2 }}>
        ワークスペース名の変更
      </Typography>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={2}
        sx={{ alignItems: { sm: "flex-start" }, maxWidth: 640 }}
      >
        <FormTextField control={form.control} name="name" label="ワークスペース名" />
        <Button
          type="submit"
          variant="contained"
          loading={form.formState.isSubmitting}
          disabled={!form.formState.isDirty}
          sx={{ flexShrink: 0, height: 56 }}
        >
          保存
        </Button>
      </Stack>
    </Box>
  );
}

function MembershipsSection() {
  const session = useSignedInSession();
  const navigate = useNavigate();
  const currentId = session.workspaceUser?.workspace_id;
  const memberships = session.user.workspace_users;

  return (
    <SectionCard title="所属しているワークスペース" description={`${memberships.length}件`}>
      <List disablePadding>
        {memberships.map((membership) => {
          const isCurrent = membership.workspace_id === currentId;
          const usable = membership.status === "active";
          return (
            <ListItem
              key={membership.id}
              divider
              sx={{ px: 0, py: 1.5, gap: 2 }}
              secondaryAction={
                isCurrent ? (
                  <Chip label="表示中" color="primary" size="small" />
                ) : usable ? (
                  <Button
                    size="small"
                    variant="outlined"
                    onClick={() =>
                      void navigate({
                        to: "/task",
                        search: (prev) => ({ ...prev, workspace_id: membership.workspace_id }),
                      })
                    }
                  >
                    切り替える
                  </Button>
                ) : null
              }
            >
              <ListItemIcon sx={{ minWidth: 0 }}>
                <Box
                  sx={{
                    width: 40,
                    height: 40,
                    borderRadius: 2,
                    display: "grid",
                    placeItems: "center",
                    bgcolor: isCurrent ? "primary.main" : "rgba(57, 73, 171, 0.08)",
                    color: isCurrent ? "primary.contrastText" : "primary.main",
                  }}
                >
                  <ApartmentOutlined fontSize="small" />
                </Box>
              </ListItemIcon>
              <ListItemText
                primary={membership.workspace.name}
                secondary={
                  <Box component="span" sx={{ display: "inline-flex", gap: 1, mt: 0.5, alignItems: "center" }}>
                    <Chip component="span" label={ROLE_LABELS[membership.role]} size="small" variant="outlined" />
                    {!usable && (
                      <Chip
                        component="span"
                        label={STATUS_LABELS[membership.status]}
                        size="small"
                        color="warning"
                        variant="outlined"
                      />
                    )}
                  </Box>
                }
                slotProps={{ primary: { sx: { fontWeight: 600 } }, secondary: { component: "span" } }}
                sx={{ pr: 12 }}
              />
            </ListItem>
          );
        })}
      </List>
    </SectionCard>
  );
}

function CreateWorkspaceDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="create-workspace-title">
      <DialogTitle id="create-workspace-title" sx={{ pr: 7 }}>
        ワークスペースを作成
        <IconButton aria-label="閉じる" onClick={onClose} sx={{ position: "absolute", right: 12, top: 12 }}>
          <CloseOutlined />
        </IconButton>
      </DialogTitle>
      <DialogContent sx={{ pt: "8px !important" }}>
        <Typography variant="body2" sx={{ color: "text.secondary", mb: 3 }}>
          あなたがオーナーとなる新しいワークスペースを作成します。作成後はそのワークスペースに切り替わります。
        </Typography>
        {open && (
          <CreateWorkspaceForm
            secondaryAction={
              <Button onClick={onClose} color="inherit">
                キャンセル
              </Button>
            }
            onCreated={async (workspace) => {
              try {
                await syncSession(workspace.id);
              } catch (error) {
                showErrorToast(error);
              }
              onClose();
              showToast(`「${workspace.name}」を作成しました`, { type: "success" });
              await navigate({ to: "/task", search: (prev) => ({ ...prev, workspace_id: workspace.id }) });
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
