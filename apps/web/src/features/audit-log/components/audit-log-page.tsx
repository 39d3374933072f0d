import FileDownloadOutlined from "@mui/icons-material/FileDownloadOutlined";
import HistoryOutlined from "@mui/icons-material/HistoryOutlined";
import KeyboardArrowDownOutlined from "@mui/icons-material/KeyboardArrowDownOutlined";
import KeyboardArrowRightOutlined from "@mui/icons-material/KeyboardArrowRightOutlined";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import Chip from "@mui/material/Chip";
import Collapse from "@mui/material/Collapse";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import Pagination from "@mui/material/Pagination";
import Skeleton from "@mui/material/Skeleton";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_LABELS,
  auditActionLabel,
  auditEntityLabel,
} from "@tasuki/contract/audit-log/audit-log.labels";
import type { AuditAction, AuditEntity, AuditLog } from "@tasuki/contract/audit-log/audit-log.schema";
import type { WorkspaceUser } from "@tasuki/contract/workspace-user/workspace-user.schema";
import { useState } from "react";
import { EmptyState } from "../../../components/empty-state.tsx";
import { ErrorState } from "../../../components/error-state.tsx";
import { ForbiddenPage } from "../../../components/forbidden-page.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { StaffAvatar } from "../../../components/staff-avatar.tsx";
import { StaffOption } from "../../../components/staff-option.tsx";
import { saveBlob } from "../../../lib/api-blob.ts";
import { fileDateStamp, formatDateTime } from "../../../lib/date.ts";
import { displayName } from "../../../lib/person.ts";
import { showToast } from "../../../lib/toast.tsx";
import { canOpenPage } from "../../../session/page-access.ts";
import { useSignedInSession } from "../../../session/session.ts";
import { useStaffSearch } from "../../workspace-user/api/use-staff-search.ts";
import { useExportAuditLog } from "../api/export-audit-log.ts";
import { useAuditLogs } from "../api/list-audit-logs.ts";
import { AUDIT_ACTION_FILTERS, AUDIT_ENTITY_FILTERS, changeLines, changeSummary } from "../audit-log-labels.ts";

export const AUDIT_LOGS_PER_PAGE = 50;

export interface AuditLogSearch {
  page: number;
  actor_id?: string | undefined;
  entity?: AuditEntity | undefined;
  action?: AuditAction | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** 監査ログ: who changed what and when in the workspace, and who signed in. Owners and admins only. */
export function AuditLogPage({
  search,
  onSearch,
}: {
  search: AuditLogSearch;
  onSearch: (next: Partial<AuditLogSearch>) => void;
}) {
  const session = useSignedInSession();
  if (!canOpenPage(session.workspaceUser, "/organization/audit-log")) {
    return (
      <ForbiddenPage
        pageName="監査ログ"
        description="監査ログはオーナーと管理者だけが見られます。必要な場合は管理者にお問い合わせください。"
      />
    );
  }
  return <AuditLogContent workspaceId={session.workspaceUser!.workspace_id} search={search} onSearch={onSearch} />;
}

function AuditLogContent({
  workspaceId,
  search,
  onSearch,
}: {
  workspaceId: string;
  search: AuditLogSearch;
  onSearch: (next: Partial<AuditLogSearch>) => void;
}) {
  const { page, ...filters } = search;
  const invalidRange = Boolean(filters.from && filters.to && filters.to < filters.from);
  const logs = useAuditLogs(
    { workspace_id: workspaceId, page, per_page: AUDIT_LOGS_PER_PAGE, ...filters },
    { enabled: !invalidRange },
  );
  const exportLog = useExportAuditLog();
  const pages = Math.max(1, Math.ceil((logs.data?.total ?? 0) / AUDIT_LOGS_PER_PAGE));
  const filtered = Object.values(filters).some(Boolean);

  const download = async () => {
    try {
      const file = await exportLog.mutateAsync({ workspace_id: workspaceId, ...filters });
      saveBlob(file.blob, `監査ログ_${fileDateStamp()}.csv`);
      showToast("CSVファイルをダウンロードしました", { type: "success" });
    } catch {
      // shown by the mutation cache
    }
  };

  return (
    <>
      <PageHeader
        title="監査ログ"
        description="ワークスペースでの変更（誰が・いつ・何を・どう変えたか）とログインの記録です。行を開くと変更前と変更後を確認できます。記録は変更・削除できません。"
        actions={
          <Button
            variant="outlined"
            color="inherit"
            startIcon={<FileDownloadOutlined />}
            loading={exportLog.isPending}
            loadingPosition="start"
            disabled={invalidRange}
            onClick={() => void download()}
            sx={{ borderColor: "divider", bgcolor: "background.paper" }}
          >
            CSVエクスポート
          </Button>
        }
      />
      <Card variant="outlined" sx={{ mb: 2, p: 2 }}>
        <Box
          sx={{
            display: "grid",
            gap: 2,
            gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", md: "minmax(200px, 1.4fr) 1fr 1fr 1fr 1fr auto" },
            alignItems: "center",
          }}
        >
          <ActorFilter
            workspaceId={workspaceId}
            value={filters.actor_id}
            onChange={(actorId) => onSearch({ actor_id: actorId, page: 1 })}
          />
          <TextField
            select
            size="small"
            label="対象"
            value={filters.entity ?? ""}
            onChange={(event) => onSearch({ entity: (event.target.value || undefined) as AuditEntity, page: 1 })}
          >
            <MenuItem value="">すべて</MenuItem>
            {AUDIT_ENTITY_FILTERS.map((entity) => (
              <MenuItem key={entity} value={entity}>
                {AUDIT_ENTITY_LABELS[entity]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label="操作"
            value={filters.action ?? ""}
            onChange={(event) => onSearch({ action: (event.target.value || undefined) as AuditAction, page: 1 })}
          >
            <MenuItem value="">すべて</MenuItem>
            {AUDIT_ACTION_FILTERS.map((action) => (
              <MenuItem key={action} value={action}>
                {AUDIT_ACTION_LABELS[action]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="date"
            size="small"
            label="開始日"
            value={filters.from ?? ""}
            onChange={(event) => onSearch({ from: event.target.value || undefined, page: 1 })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="date"
            size="small"
            label="終了日"
            value={filters.to ?? ""}
            onChange={(event) => onSearch({ to: event.target.value || undefined, page: 1 })}
            error={invalidRange}
            helperText={invalidRange ? "終了日は開始日以降にしてください" : undefined}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button
            color="inherit"
            disabled={!filtered}
            onClick={() =>
              onSearch({
                actor_id: undefined,
                entity: undefined,
                action: undefined,
                from: undefined,
                to: undefined,
                page: 1,
              })
            }
          >
            条件をクリア
          </Button>
        </Box>
      </Card>

      <Card variant="outlined">
        {logs.isError && (
          <Box sx={{ p: 2 }}>
            <ErrorState error={logs.error} title="監査ログを読み込めませんでした" onRetry={() => void logs.refetch()} />
          </Box>
        )}
        {(logs.isPending || (logs.isSuccess && logs.data.items.length > 0)) && (
          <TableContainer>
            <Table size="small" aria-label="監査ログ">
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox" />
                  <TableCell sx={{ width: 150 }}>日時</TableCell>
                  <TableCell sx={{ width: 170 }}>操作者</TableCell>
                  <TableCell>対象</TableCell>
                  <TableCell sx={{ width: 80 }}>操作</TableCell>
                  <TableCell sx={{ display: { xs: "none", md: "table-cell" } }}>変更内容</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {logs.isPending &&
                  [0, 1, 2, 3, 4, 5].map((key) => (
                    <TableRow key={key}>
                      {[0, 1, 2, 3, 4, 5].map((cell) => (
                        <TableCell key={cell}>
                          <Skeleton variant="text" />
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                {logs.data?.items.map((item) => (
                  <AuditRow key={item.id} item={item} />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {logs.isSuccess && logs.data.items.length === 0 && (
          <EmptyState
            bare
            icon={<HistoryOutlined />}
            title={filtered ? "条件に合う記録はありません" : "まだ記録はありません"}
            description={
              filtered ? "条件を変えるか、クリアしてください。" : "ワークスペースで変更があると、ここに記録されます。"
            }
          />
        )}
        {logs.data && logs.data.total > 0 && (
          <Box sx={{ display: "flex", justifyContent: "center", alignItems: "center", gap: 2, py: 2 }}>
            {pages > 1 && <Pagination count={pages} page={page} onChange={(_, next) => onSearch({ page: next })} />}
            <Typography variant="caption" color="text.secondary">
              全{logs.data.total.toLocaleString("ja-JP")}件
            </Typography>
          </Box>
        )}
      </Card>
    </>
  );
}

const actionColours: Partial<Record<string, "success" | "info" | "error" | "warning">> = {
  created: "success",
  updated: "info",
  deleted: "error",
  restored: "warning",
};

/** One line per change; opening it shows every changed field, from → to. */
function AuditRow({ item }: { item: AuditLog }) {
  const [open, setOpen] = useState(false);
  const lines = changeLines(item);
  const summary = changeSummary(lines);
  const detailsId = `audit-${item.id}`;
  const canOpen = lines.length > 0;
  const toggle = () => canOpen && setOpen((value) => !value);
  return (
    <>
      <TableRow
        hover={canOpen}
        onClick={toggle}
        sx={{ cursor: canOpen ? "pointer" : "default", "& > td": { borderBottom: open ? 0 : undefined } }}
      >
        <TableCell padding="checkbox" sx={{ pl: 1 }}>
          {canOpen && (
            <IconButton
              size="small"
              aria-label={open ? "変更内容を閉じる" : "変更内容を開く"}
              aria-expanded={open}
              aria-controls={detailsId}
              onClick={(event) => {
                event.stopPropagation();
                toggle();
              }}
            >
              {open ? <KeyboardArrowDownOutlined fontSize="small" /> : <KeyboardArrowRightOutlined fontSize="small" />}
            </IconButton>
          )}
        </TableCell>
        <TableCell sx={{ whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" }}>
          {formatDateTime(item.created_at)}
        </TableCell>
        <TableCell>
          {item.actor ? (
            <Box sx={{ display: "flex", alignItems: "center", gap: 1, minWidth: 0 }}>
              <StaffAvatar person={item.actor} size={24} />
              <Typography variant="body2" noWrap>
                {displayName(item.actor)}
              </Typography>
            </Box>
          ) : (
            <Typography variant="body2" color="text.secondary">
              システム
            </Typography>
          )}
        </TableCell>
        <TableCell>
          <Typography variant="body2" sx={{ wordBreak: "break-word" }}>
            <Box component="span" sx={{ color: "text.secondary", mr: 1 }}>
              {auditEntityLabel(item.entity)}
            </Box>
            {item.entity_label ?? ""}
          </Typography>
        </TableCell>
        <TableCell>
          <Chip
            size="small"
            variant="outlined"
            color={actionColours[item.action] ?? "default"}
            label={auditActionLabel(item.action)}
          />
        </TableCell>
        <TableCell sx={{ display: { xs: "none", md: "table-cell" }, maxWidth: 0, width: "35%" }}>
          <Typography variant="body2" color="text.secondary" noWrap title={summary}>
            {summary || "—"}
          </Typography>
        </TableCell>
      </TableRow>
      {canOpen && (
        <TableRow>
          <TableCell colSpan={6} sx={{ py: 0, ...(open ? {} : { borderBottom: 0 }) }}>
            <Collapse in={open} timeout="auto" unmountOnExit>
              <Box
                id={detailsId}
                component="dl"
                sx={{
                  m: 0,
                  ml: { xs: 0, sm: 6 },
                  mb: 1.5,
                  p: 1.5,
                  borderRadius: 1,
                  bgcolor: "action.hover",
                  display: "grid",
                  gridTemplateColumns: "max-content 1fr",
                  columnGap: 2,
                  rowGap: 0.5,
                }}
              >
                {lines.map((line) => (
                  <Box key={line.key} sx={{ display: "contents" }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {line.label}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: "break-word" }}>
                      {line.before !== null && line.after !== null ? (
                        <>
                          <Box component="span" sx={{ color: "text.secondary" }}>
                            {line.before}
                          </Box>
                          <Box component="span" aria-label="から" sx={{ mx: 1, color: "text.disabled" }}>
                            →
                          </Box>
                          <Box component="span" sx={{ fontWeight: 600 }}>
                            {line.after}
                          </Box>
                        </>
                      ) : (
                        (line.after ?? line.before)
                      )}
                    </Typography>
                  </Box>
                ))}
              </Box>
            </Collapse>
          </TableCell>
        </TableRow>
      )}
    </>
  );
}

/** 操作者: a staff member, searched by name as the person types. */
function ActorFilter({
  workspaceId,
  value,
  onChange,
}: {
  workspaceId: string;
  value: string | undefined;
  onChange: (actorId: string | undefined) => void;
}) {
  const [input, setInput] = useState("");
  const [chosen, setChosen] = useState<WorkspaceUser | null>(null);
  const staff = useStaffSearch({ workspaceId, text: input });
  const options = staff.items;
  const selected = value
    ? chosen?.id === value
      ? chosen
      : (options.find((option) => option.id === value) ?? null)
    : null;
  return (
    <Autocomplete
      size="small"
      options={options}
      value={selected}
      loading={staff.searching}
      filterOptions={(all) => all}
      getOptionLabel={(option) => displayName(option)}
      isOptionEqualToValue={(option, current) => option.id === current.id}
      onInputChange={(_, text, reason) => {
        if (reason === "input") setInput(text);
      }}
      onChange={(_, option) => {
        setChosen(option);
        setInput("");
        onChange(option?.id);
      }}
      renderOption={({ key, ...optionProps }, option) => (
        <Box component="li" key={key} {...optionProps}>
          <StaffOption person={option} avatarSize={24} />
        </Box>
      )}
      noOptionsText="該当するスタッフはいません"
      loadingText="読み込み中…"
      renderInput={(params) => <TextField {...params} label="操作者" placeholder="名前で検索" />}
    />
  );
}
