import AccountTreeOutlined from "@mui/icons-material/AccountTreeOutlined";
import ArrowForwardOutlined from "@mui/icons-material/ArrowForwardOutlined";
import BadgeOutlined from "@mui/icons-material/BadgeOutlined";
import ChevronRightOutlined from "@mui/icons-material/ChevronRightOutlined";
import GroupsOutlined from "@mui/icons-material/GroupsOutlined";
import LayersOutlined from "@mui/icons-material/LayersOutlined";
import TextFieldsOutlined from "@mui/icons-material/TextFieldsOutlined";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import Chip from "@mui/material/Chip";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { useQueries } from "@tanstack/react-query";
import type { Role, WorkspaceUserStatus } from "@tasuki/contract/common/common.schema";
import type { GroupNode } from "@tasuki/contract/group/group.schema";
import type { Workspace } from "@tasuki/contract/workspace/workspace.schema";
import { Fragment, type ReactNode } from "react";
import { ErrorState } from "../../../components/error-state.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { ButtonLink } from "../../../components/router-link.tsx";
import { ROLE_LABELS } from "../../../lib/role-labels.ts";
import { useCurrentWorkspace, useCurrentWorkspaceId } from "../../../session/current-workspace.ts";
import { useGroupTree } from "../../group/api/list-group-tree.ts";
import { listWorkspaceUsersQueryOptions } from "../../workspace-user/api/list-workspace-users.ts";
import { groupsPerLayer } from "../summary.ts";

const ROLES: Role[] = ["owner", "admin", "member", "guest"];
const STATUSES: { status: WorkspaceUserStatus; label: string }[] = [
  { status: "active", label: "利用中" },
  { status: "invited", label: "招待中" },
  { status: "suspended", label: "利用停止中" },
  { status: "retired", label: "退職" },
];

/** 組織定義の概要: the whole definition at a glance, each card leading to its page. */
export function DefinitionSummaryPage() {
  const workspace = useCurrentWorkspace();
  const tree = useGroupTree(useCurrentWorkspaceId());
  const error = (workspace.isError && !workspace.data) || (tree.isError && !tree.data);
  return (
    <>
      <PageHeader
        title="組織定義の概要"
        description="階層・グループ・役職・呼称・スタッフの設定状況をまとめて確認できます。"
      />
      {error && (
        <ErrorState
          error={workspace.error ?? tree.error}
          onRetry={() => {
            void workspace.refetch();
            void tree.refetch();
          }}
        />
      )}
      {!error && (
        <Box
          sx={{
            display: "grid",
            gridTemplateColumns: { xs: "minmax(0, 1fr)", lg: "repeat(2, minmax(0, 1fr))" },
            gap: 2.5,
          }}
        >
          <LayerCard workspace={workspace.data} groups={tree.data?.items} />
          <GroupCard workspace={workspace.data} groups={tree.data?.items} />
          <PositionCard workspace={workspace.data} />
          <StaffCard />
          <BaseNameCard workspace={workspace.data} />
        </Box>
      )}
    </>
  );
}

function SummaryCard({
  icon,
  title,
  figure,
  unit,
  to,
  linkLabel,
  children,
  loading,
}: {
  icon: ReactNode;
  title: string;
  figure?: number | string;
  unit?: string;
  to: string;
  linkLabel: string;
  children: ReactNode;
  loading: boolean;
}) {
  return (
    <Card component="section" aria-label={title} sx={{ display: "flex", flexDirection: "column" }}>
      <Box sx={{ px: 2.5, pt: 2.25, pb: 1.5, display: "flex", alignItems: "center", gap: 1.5 }}>
        <Box
          aria-hidden
          sx={{
            width: 36,
            height: 36,
            borderRadius: 2,
            display: "grid",
            placeItems: "center",
            bgcolor: "rgba(57, 73, 171, 0.08)",
            color: "primary.main",
          }}
        >
          {icon}
        </Box>
        <Typography variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {figure !== undefined && !loading && (
          <Typography sx={{ fontSize: 24, fontWeight: 700, lineHeight: 1 }}>
            {figure}
            {unit && (
              <Typography component="span" sx={{ fontSize: 13, fontWeight: 600, color: "text.secondary", ml: 0.5 }}>
                {unit}
              </Typography>
            )}
          </Typography>
        )}
      </Box>
      <Box sx={{ px: 2.5, pb: 2, flexGrow: 1 }}>
        {loading ? (
          <>
            <Skeleton variant="text" width="80%" />
            <Skeleton variant="text" width="60%" />
            <Skeleton variant="text" width="70%" />
          </>
        ) : (
          children
        )}
      </Box>
      <Box sx={{ px: 1.5, py: 1, borderTop: 1, borderColor: "divider", display: "flex", justifyContent: "flex-end" }}>
        <ButtonLink to={to as "/organization/definition/layer"} size="small" endIcon={<ArrowForwardOutlined />}>
          {linkLabel}
        </ButtonLink>
      </Box>
    </Card>
  );
}

function CountRow({ label, value, muted = false }: { label: ReactNode; value: ReactNode; muted?: boolean }) {
  return (
    <Box
      sx={{
        display: "flex",
        justifyContent: "space-between",
        gap: 2,
        py: 0.75,
        "&:not(:last-of-type)": { borderBottom: 1, borderColor: "divider" },
        color: muted ? "text.secondary" : "text.primary",
      }}
    >
      <Typography variant="body2" component="span">
        {label}
      </Typography>
      <Typography variant="body2" component="span" sx={{ fontWeight: 700 }}>
        {value}
      </Typography>
    </Box>
  );
}

function LayerCard({ workspace, groups }: { workspace?: Workspace; groups?: GroupNode[] }) {
  const layers = [...(workspace?.group_types ?? [])].sort((a, b) => a.level - b.level);
  return (
    <SummaryCard
      icon={<LayersOutlined fontSize="small" />}
      title="階層"
      figure={layers.length}
      unit="段"
      to="/organization/definition/layer"
      linkLabel="階層を編集"
      loading={!workspace}
    >
      {layers.length === 0 ? (
        <Typography variant="body2" sx={{ color: "text.secondary" }}>
          階層はまだ設定されていません。
        </Typography>
      ) : (
        <Box aria-label="階層の並び" sx={{ display: "flex", alignItems: "center", flexWrap: "wrap", gap: 0.5 }}>
          {layers.map((layer, index) => (
            <Fragment key={layer.id}>
              {index > 0 && <ChevronRightOutlined fontSize="small" sx={{ color: "text.secondary" }} />}
              <Chip label={layer.name} size="small" color={index === 0 ? "primary" : "default"} />
            </Fragment>
          ))}
        </Box>
      )}
      {groups && layers.length > 0 && (
        <Typography variant="caption" sx={{ color: "text.secondary", display: "block", mt: 1.5 }}>
          最も深いグループ：第{Math.max(0, ...groups.map((group) => group.depth)) + 1}段
        </Typography>
      )}
    </SummaryCard>
  );
}

function GroupCard({ workspace, groups }: { workspace?: Workspace; groups?: GroupNode[] }) {
  const rows = workspace && groups ? groupsPerLayer(workspace.group_types, groups) : [];
  return (
    <SummaryCard
      icon={<AccountTreeOutlined fontSize="small" />}
      title="グループ"
      figure={groups?.length}
      unit="件"
      to="/organization/definition/group"
      linkLabel="グループを編集"
      loading={!workspace || !groups}
    >
      {groups?.length === 0 ? (
        <Typography variant="body2" sx={{ color: "text.secondary" }}>
          グループはまだありません。
        </Typography>
      ) : (
        <Box aria-label="階層ごとのグループ数">
          {rows.map((row) => (
            <CountRow key={row.id ?? "none"} label={row.name} value={`${row.count}件`} muted={row.id === null} />
          ))}
        </Box>
      )}
    </SummaryCard>
  );
}

function PositionCard({ workspace }: { workspace?: Workspace }) {
  const positions = [...(workspace?.official_positions ?? [])].sort((a, b) => a.rank - b.rank);
  return (
    <SummaryCard
      icon={<BadgeOutlined fontSize="small" />}
      title="役職"
      figure={positions.length}
      unit="件"
      to="/organization/definition/position"
      linkLabel="役職を編集"
      loading={!workspace}
    >
      {positions.length === 0 ? (
        <Typography variant="body2" sx={{ color: "text.secondary" }}>
          役職はまだ設定されていません。
        </Typography>
      ) : (
        <Box aria-label="役職の一覧" sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
          {positions.map((position) => (
            <Chip
              key={position.id}
              variant="outlined"
              label={`${position.name}（${position.staff_count}人）`}
              size="small"
            />
          ))}
        </Box>
      )}
    </SummaryCard>
  );
}

function StaffCard() {
  const workspaceId = useCurrentWorkspaceId();
  const total = (query: { role?: Role; status?: WorkspaceUserStatus }) =>
    listWorkspaceUsersQueryOptions({ workspace_id: workspaceId, per_page: 1, ...query });
  const results = useQueries({
    queries: [total({}), ...ROLES.map((role) => total({ role })), ...STATUSES.map(({ status }) => total({ status }))],
  });
  const loading = results.some((result) => result.isPending);
  const failed = results.find((result) => result.isError && !result.data);
  const count = (index: number) => results[index]?.data?.total ?? 0;
  return (
    <SummaryCard
      icon={<GroupsOutlined fontSize="small" />}
      title="スタッフ"
      figure={count(0)}
      unit="人"
      to="/organization/staff"
      linkLabel="スタッフ一覧へ"
      loading={loading}
    >
      {failed ? (
        <Typography variant="body2" sx={{ color: "text.secondary" }}>
          スタッフ数を読み込めませんでした。
        </Typography>
      ) : (
        <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, columnGap: 3 }}>
          <Box aria-label="役割ごとのスタッフ数">
            <Typography variant="caption" sx={{ color: "text.secondary", fontWeight: 700 }}>
              役割
            </Typography>
            {ROLES.map((role, index) => (
              <CountRow key={role} label={ROLE_LABELS[role]} value={`${count(1 + index)}人`} />
            ))}
          </Box>
          <Box aria-label="状態ごとのスタッフ数">
            <Typography variant="caption" sx={{ color: "text.secondary", fontWeight: 700 }}>
              状態
            </Typography>
            {STATUSES.map(({ status, label }, index) => (
              <CountRow key={status} label={label} value={`${count(1 + ROLES.length + index)}人`} />
            ))}
          </Box>
        </Box>
      )}
    </SummaryCard>
  );
}

function BaseNameCard({ workspace }: { workspace?: Workspace }) {
  return (
    <SummaryCard
      icon={<TextFieldsOutlined fontSize="small" />}
      title="呼称"
      to="/organization/definition/base-name"
      linkLabel="呼称を編集"
      loading={!workspace}
    >
      {workspace && (
        <>
          <CountRow label="大項目" value={workspace.base_names.primary_item} />
          <CountRow label="中項目" value={workspace.base_names.secondary_item} />
          <Typography variant="caption" sx={{ color: "text.secondary", display: "block", mt: 1 }}>
            タスク一覧では「{workspace.base_names.primary_item} / {workspace.base_names.secondary_item}
            」と表示されます。
          </Typography>
        </>
      )}
    </SummaryCard>
  );
}
