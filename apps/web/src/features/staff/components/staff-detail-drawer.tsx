import CloseOutlined from "@mui/icons-material/CloseOutlined";
import EditOutlined from "@mui/icons-material/EditOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { WorkspaceUser } from "@tasuki/contract/workspace-user/workspace-user.schema";
import type { ReactNode } from "react";
import { ErrorState } from "../../../components/error-state.tsx";
import { StaffAvatar } from "../../../components/staff-avatar.tsx";
import { formatSlashDate } from "../../../lib/date.ts";
import { displayKana, displayName } from "../../../lib/person.ts";
import { ROLE_LABELS } from "../../../lib/role-labels.ts";
import { useWorkspaceUser } from "../../workspace-user/api/get-workspace-user.ts";
import { mainFirst } from "../staff-form.ts";
import { GroupChips } from "./staff-table.tsx";
import { StatusChip } from "./status-chip.tsx";

/**
 * The staff record named by the address (`?staff_id=`): opened from a row, or from the org chart.
 * A row already on screen shows at once; the record is fetched either way, so it is current.
 */
export function StaffDetailDrawer({
  staffId,
  known,
  canEdit,
  onEdit,
  onClose,
}: {
  staffId: string | undefined;
  known: WorkspaceUser | undefined;
  canEdit: (staff: WorkspaceUser) => boolean;
  onEdit: (staff: WorkspaceUser) => void;
  onClose: () => void;
}) {
  const query = useWorkspaceUser(staffId);
  const staff = query.data ?? known;

  return (
    <Drawer
      anchor="right"
      open={Boolean(staffId)}
      onClose={onClose}
      // Above the app's header, which sits above ordinary drawers.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{ paper: { sx: { width: { xs: "100%", sm: 400 } }, "aria-label": "スタッフ情報" } }}
    >
      <Box sx={{ display: "flex", alignItems: "center", px: 2.5, py: 1.5, borderBottom: 1, borderColor: "divider" }}>
        <Typography variant="h4" component="h2" sx={{ flexGrow: 1 }}>
          スタッフ情報
        </Typography>
        <IconButton aria-label="閉じる" onClick={onClose} edge="end">
          <CloseOutlined />
        </IconButton>
      </Box>
      <Box sx={{ p: 3, overflowY: "auto" }}>
        {staff ? (
          <Details staff={staff} action={canEdit(staff) && <EditButton onClick={() => onEdit(staff)} />} />
        ) : query.isError ? (
          <ErrorState
            error={query.error}
            title="スタッフ情報を読み込めませんでした"
            onRetry={() => void query.refetch()}
          />
        ) : (
          <Stack spacing={2} sx={{ alignItems: "center" }} aria-busy="true">
            <Skeleton variant="circular" width={88} height={88} />
            <Skeleton width="50%" height={32} />
            <Skeleton width="35%" />
            <Skeleton variant="rounded" width="100%" height={200} />
          </Stack>
        )}
      </Box>
    </Drawer>
  );
}

function EditButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="outlined" startIcon={<EditOutlined />} onClick={onClick}>
      編集
    </Button>
  );
}

function Details({ staff, action }: { staff: WorkspaceUser; action: ReactNode }) {
  const kana = displayKana(staff);
  return (
    <>
      <Stack spacing={1} sx={{ alignItems: "center", textAlign: "center" }}>
        <StaffAvatar person={staff} size={88} />
        <Typography variant="h3" component="p" sx={{ mt: 1 }}>
          {displayName(staff)}
        </Typography>
        {kana && (
          <Typography variant="body2" sx={{ color: "text.secondary" }}>
            {kana}
          </Typography>
        )}
        <Box sx={{ display: "flex", gap: 1, alignItems: "center", mt: 0.5 }}>
          <StatusChip status={staff.status} />
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {ROLE_LABELS[staff.role]}
          </Typography>
        </Box>
        {action && <Box sx={{ pt: 1 }}>{action}</Box>}
      </Stack>
      <Divider sx={{ my: 3 }} />
      <Box component="dl" sx={{ m: 0, display: "grid", gridTemplateColumns: "112px 1fr", rowGap: 2, columnGap: 2 }}>
        {/* A guest receives no contact details (null): the items are left out rather than shown empty. */}
        {staff.email !== null && (
          <>
            <Item label="メールアドレス">
              <Box component="span" sx={{ wordBreak: "break-all" }}>
                {staff.email}
              </Box>
            </Item>
            <Item label="社員番号">{staff.employee_code || "未設定"}</Item>
          </>
        )}
        <Item label="役職">{staff.official_position?.name ?? "未設定"}</Item>
        <Item label="所属グループ">
          {staff.groups.length > 0 ? <GroupChips groups={mainFirst(staff.groups)} max={20} /> : "未所属"}
        </Item>
        {staff.invited_at && <Item label="招待日">{formatSlashDate(staff.invited_at)}</Item>}
        {staff.joined_at && <Item label="参加日">{formatSlashDate(staff.joined_at)}</Item>}
        <Item label="登録日">{formatSlashDate(staff.created_at)}</Item>
        {staff.deleted_at && <Item label="削除日">{formatSlashDate(staff.deleted_at)}</Item>}
      </Box>
    </>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" sx={{ color: "text.secondary" }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {children}
      </Typography>
    </>
  );
}
