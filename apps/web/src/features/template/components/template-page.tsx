import AddOutlined from "@mui/icons-material/AddOutlined";
import ArrowBackOutlined from "@mui/icons-material/ArrowBackOutlined";
import AutoAwesomeOutlined from "@mui/icons-material/AutoAwesomeOutlined";
import DeleteOutlineOutlined from "@mui/icons-material/DeleteOutlineOutlined";
import HelpOutlineOutlined from "@mui/icons-material/HelpOutlineOutlined";
import LibraryBooksOutlined from "@mui/icons-material/LibraryBooksOutlined";
import PlaylistAddOutlined from "@mui/icons-material/PlaylistAddOutlined";
import SearchOutlined from "@mui/icons-material/SearchOutlined";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Divider from "@mui/material/Divider";
import IconButton from "@mui/material/IconButton";
import InputAdornment from "@mui/material/InputAdornment";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListSubheader from "@mui/material/ListSubheader";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import type { Theme } from "@mui/material/styles";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { getPrimaryItemTplContract } from "@tasuki/contract/template/get-primary-item-tpl.contract";
import { getSecondaryItemTplContract } from "@tasuki/contract/template/get-secondary-item-tpl.contract";
import { getTaskTplContract } from "@tasuki/contract/template/get-task-tpl.contract";
import { dayBasisLabels, type TemplateKind } from "@tasuki/contract/template/template.schema";
import { useDeferredValue, useEffect, useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { ErrorState } from "../../../components/error-state.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { ButtonLink } from "../../../components/router-link.tsx";
import { callApi } from "../../../lib/api-client.ts";
import { showErrorToast, showToast } from "../../../lib/toast.tsx";
import { useCurrentWorkspaceId } from "../../../session/current-workspace.ts";
import { usePermission } from "../../../session/permissions.ts";
import {
  createTemplate,
  deleteTemplate,
  invalidateTemplateLists,
  primaryItemTplsQueryOptions,
  secondaryItemTplsQueryOptions,
  taskTplsQueryOptions,
  updateTemplate,
  useAiCatalogue,
} from "../api/template-api.ts";
import { todayInTokyo } from "../template-dates.ts";
import {
  blankDraft,
  draftOfItem,
  draftOfSecondary,
  draftOfTask,
  draftProblem,
  draftSpan,
  KIND_LABELS,
  previewDraft,
  type TemplateDraft,
} from "../template-draft.ts";
import type { TemplateSearch } from "../template-search.ts";
import { AiCatalogueDialog, AiCreateDialog, NO_PROVIDER_NOTICE } from "./ai-template-dialogs.tsx";
import { TemplatePreview } from "./template-preview.tsx";
import { TemplateTreeEditor } from "./template-tree-editor.tsx";
import { UseTemplateDialog } from "./use-template-dialog.tsx";

/** A selected template in the address: `primary_item:<id>`, or `new:<kind>` for one being written. */
type Selection = { kind: TemplateKind; id: string | null };

function parseSelection(value: string | undefined): Selection | null {
  if (!value) return null;
  const [head, id] = value.split(":");
  if (head === "new" && (id === "task" || id === "primary_item" || id === "secondary_item"))
    return { kind: id, id: null };
  if ((head === "task" || head === "primary_item" || head === "secondary_item") && id) return { kind: head, id };
  return null;
}

/**
 * タスクテンプレート: the workspace's task templates and item templates (tabs), searched, with the tree editor and the
 * date preview of the one selected, 「使う」, the catalogue of the 業種 and 「AIで作成」.
 */
export function TemplatePage({ search }: { search: TemplateSearch }) {
  const workspaceId = useCurrentWorkspaceId();
  const navigate = useNavigate();
  const canManage = usePermission("manage_templates");
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down("md"));
  const tab = search.tab ?? "item";
  const selection = parseSelection(search.id);
  const [q, setQ] = useState(search.q ?? "");
  const deferredQ = useDeferredValue(q.trim());
  const [newMenu, setNewMenu] = useState<HTMLElement | null>(null);
  const [catalogueOpen, setCatalogueOpen] = useState(false);
  const [aiOpen, setAiOpen] = useState(false);
  const catalogue = useAiCatalogue(workspaceId, undefined);

  const setSearch = (patch: Partial<TemplateSearch>, replace = false) =>
    void navigate({ to: "/tasktpl", search: (prev) => ({ ...prev, ...patch }), replace });
  const select = (kind: TemplateKind, id: string | null) => setSearch({ id: id ? `${kind}:${id}` : `new:${kind}` });

  // The search box writes the address after typing settles, so the back button is not one step per letter.
  useEffect(() => {
    const handle = setTimeout(() => {
      if ((search.q ?? "") !== q.trim()) setSearch({ q: q.trim() || undefined }, true);
    }, 400);
    return () => clearTimeout(handle);
  });

  const showList = !narrow || !selection;
  const showDetail = !narrow || Boolean(selection);

  return (
    <>
      <PageHeader
        title="タスクテンプレート"
        description="繰り返す仕事の段取りをテンプレートにしておくと、開始日を選ぶだけで大項目・中項目・タスクが期限付きで作られます。"
        actions={
          <>
            <ButtonLink
              to="/tasktpl/task-tpl-guide"
              variant="text"
              startIcon={<HelpOutlineOutlined />}
              sx={{ whiteSpace: "nowrap" }}
            >
              使い方
            </ButtonLink>
            {canManage && (
              <>
                <Button
                  variant="outlined"
                  startIcon={<AutoAwesomeOutlined />}
                  onClick={() => setAiOpen(true)}
                  sx={{ whiteSpace: "nowrap" }}
                >
                  AIで作成
                </Button>
                <Button
                  variant="contained"
                  startIcon={<AddOutlined />}
                  sx={{ whiteSpace: "nowrap" }}
                  onClick={(event) => (tab === "task" ? select("task", null) : setNewMenu(event.currentTarget))}
                >
                  新規作成
                </Button>
                <Menu open={newMenu !== null} anchorEl={newMenu} onClose={() => setNewMenu(null)}>
                  {(["primary_item", "secondary_item"] as const).map((kind) => (
                    <MenuItem
                      key={kind}
                      onClick={() => {
                        setNewMenu(null);
                        select(kind, null);
                      }}
                    >
                      {KIND_LABELS[kind]}テンプレート
                    </MenuItem>
                  ))}
                </Menu>
              </>
            )}
          </>
        }
      />
      <Paper variant="outlined" sx={{ borderRadius: 3, mb: 2 }}>
        <Stack
          direction={{ xs: "column", sm: "row" }}
          sx={{ alignItems: { sm: "center" }, px: 2, gap: { xs: 0, sm: 2 }, pb: { xs: 1.5, sm: 0 } }}
        >
          <Tabs
            value={tab}
            onChange={(_, value) => setSearch({ tab: value, id: undefined })}
            aria-label="テンプレートの種類"
          >
            <Tab value="item" label="項目テンプレート" />
            <Tab value="task" label="タスクテンプレート" />
          </Tabs>
          <Box sx={{ flexGrow: 1 }} />
          <TextField
            size="small"
            placeholder="名前・説明で検索"
            value={q}
            onChange={(event) => setQ(event.target.value)}
            slotProps={{
              htmlInput: { "aria-label": "テンプレートを検索" },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchOutlined fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
            sx={{ width: { xs: "100%", sm: 280 } }}
          />
        </Stack>
      </Paper>
      {tab === "item" && catalogue.data?.generator === "template" && canManage && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1.5 }}>
          {NO_PROVIDER_NOTICE}
        </Typography>
      )}
      <Box
        sx={{
          display: "grid",
          gap: 2,
          gridTemplateColumns: { xs: "1fr", md: "320px minmax(0, 1fr)" },
          alignItems: "start",
        }}
      >
        {showList && (
          <TemplateList
            workspaceId={workspaceId}
            tab={tab}
            q={deferredQ}
            selection={selection}
            canManage={canManage}
            onSelect={select}
            onCatalogue={() => setCatalogueOpen(true)}
          />
        )}
        {showDetail &&
          (selection ? (
            <TemplateDetail
              key={`${selection.kind}:${selection.id ?? "new"}`}
              workspaceId={workspaceId}
              selection={selection}
              canManage={canManage}
              narrow={narrow}
              onBack={() => setSearch({ id: undefined })}
              onSaved={(id) => select(selection.kind, id)}
              onDeleted={() => setSearch({ id: undefined })}
            />
          ) : (
            <Paper variant="outlined" sx={{ borderRadius: 3, p: 4, textAlign: "center", color: "text.secondary" }}>
              <LibraryBooksOutlined sx={{ fontSize: 40, color: "text.disabled" }} />
              <Typography variant="body2" sx={{ mt: 1 }}>
                一覧からテンプレートを選ぶと、ここで中身の編集と、開始日から数えた日付のプレビューができます。
              </Typography>
            </Paper>
          ))}
      </Box>
      <AiCatalogueDialog
        workspaceId={workspaceId}
        open={catalogueOpen}
        canSave={canManage}
        onClose={() => setCatalogueOpen(false)}
        onSaved={(id) => setSearch({ tab: "item", id: `primary_item:${id}` })}
      />
      <AiCreateDialog
        workspaceId={workspaceId}
        open={aiOpen}
        generator={catalogue.data?.generator}
        onClose={() => setAiOpen(false)}
        onSaved={(id) => setSearch({ tab: "item", id: `primary_item:${id}` })}
      />
    </>
  );
}

interface ListRow {
  kind: TemplateKind;
  id: string;
  name: string;
  meta: string;
}

function TemplateList({
  workspaceId,
  tab,
  q,
  selection,
  canManage,
  onSelect,
  onCatalogue,
}: {
  workspaceId: string;
  tab: "task" | "item";
  q: string;
  selection: Selection | null;
  canManage: boolean;
  onSelect: (kind: TemplateKind, id: string) => void;
  onCatalogue: () => void;
}) {
  const tasks = useQuery({ ...taskTplsQueryOptions(workspaceId, q), enabled: tab === "task" });
  const primaries = useQuery({ ...primaryItemTplsQueryOptions(workspaceId, q), enabled: tab === "item" });
  const secondaries = useQuery({ ...secondaryItemTplsQueryOptions(workspaceId, q), enabled: tab === "item" });
  const queries = tab === "task" ? [tasks] : [primaries, secondaries];
  const failed = queries.find((query) => query.isError);
  if (queries.some((query) => query.isPending)) {
    return <Skeleton variant="rounded" height={240} />;
  }
  if (failed?.error) {
    return <ErrorState error={failed.error} onRetry={() => void failed.refetch()} />;
  }
  const sections: { title: string; rows: ListRow[] }[] =
    tab === "task"
      ? [
          {
            title: "タスクテンプレート",
            rows: (tasks.data?.items ?? []).map((item) => ({
              kind: "task",
              id: item.id,
              name: item.title,
              meta: `${item.duration_days}日間・${dayBasisLabels[item.day_basis]}`,
            })),
          },
        ]
      : [
          {
            title: "大項目テンプレート",
            rows: (primaries.data?.items ?? []).map((item) => ({
              kind: "primary_item",
              id: item.id,
              name: item.name,
              meta: `中項目${item.secondary_items.length}・タスク${item.task_count}・${dayBasisLabels[item.day_basis]}`,
            })),
          },
          {
            title: "中項目テンプレート",
            rows: (secondaries.data?.items ?? []).map((item) => ({
              kind: "secondary_item",
              id: item.id,
              name: item.name,
              meta: `タスク${item.task_count}・${dayBasisLabels[item.day_basis]}`,
            })),
          },
        ];
  const empty = sections.every((section) => section.rows.length === 0);

  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, overflow: "hidden" }}>
      {empty ? (
        <Box sx={{ p: 3, textAlign: "center" }}>
          <Typography variant="body2" color="text.secondary">
            {q
              ? `「${q}」に一致するテンプレートはありません。`
              : tab === "task"
                ? "タスクテンプレートはまだありません。"
                : "項目テンプレートはまだありません。"}
          </Typography>
          {!q && tab === "item" && (
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
              業種別テンプレート集から始めるか、タスク一覧の大項目を「テンプレートとして保存」できます。
            </Typography>
          )}
        </Box>
      ) : (
        <List dense disablePadding aria-label="テンプレートの一覧">
          {sections
            .filter((section) => section.rows.length > 0 || tab === "item")
            .map((section) => (
              <Box key={section.title} component="li" sx={{ listStyle: "none" }}>
                <Box component="ul" sx={{ p: 0 }}>
                  {tab === "item" && (
                    <ListSubheader sx={{ lineHeight: "32px", fontWeight: 700, bgcolor: "grey.50" }}>
                      {section.title}（{section.rows.length}）
                    </ListSubheader>
                  )}
                  {section.rows.length === 0 && (
                    <Typography variant="caption" color="text.secondary" component="p" sx={{ px: 2, py: 1 }}>
                      ありません
                    </Typography>
                  )}
                  {section.rows.map((row) => (
                    <ListItemButton
                      key={row.id}
                      selected={selection?.id === row.id}
                      onClick={() => onSelect(row.kind, row.id)}
                      sx={{ display: "block", py: 0.75, borderBottom: 1, borderColor: "divider" }}
                    >
                      <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
                        {row.name}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {row.meta}
                      </Typography>
                    </ListItemButton>
                  ))}
                </Box>
              </Box>
            ))}
        </List>
      )}
      {tab === "item" && (
        <>
          <Divider />
          <ListItemButton onClick={onCatalogue} sx={{ py: 1.25, gap: 1.5 }}>
            <PlaylistAddOutlined color="primary" />
            <Box>
              <Typography variant="body2" sx={{ fontWeight: 700, color: "primary.main" }}>
                業種別テンプレート集
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {canManage ? "自社の業種に合わせた大項目テンプレートから選んで追加" : "業種ごとのテンプレートを見る"}
              </Typography>
            </Box>
          </ListItemButton>
        </>
      )}
    </Paper>
  );
}

function useTemplateDetail(selection: Selection) {
  return useQuery({
    queryKey: ["template", selection.kind, "detail", selection.id],
    enabled: selection.id !== null,
    queryFn: async ({ signal }): Promise<{ draft: TemplateDraft; updatedAt: string; origin: string }> => {
      const id = selection.id as string;
      if (selection.kind === "task") {
        const template = await callApi(getTaskTplContract, { params: { id }, signal });
        return { draft: draftOfTask(template), updatedAt: template.updated_at, origin: template.origin };
      }
      if (selection.kind === "secondary_item") {
        const template = await callApi(getSecondaryItemTplContract, { params: { id }, signal });
        return { draft: draftOfSecondary(template), updatedAt: template.updated_at, origin: template.origin };
      }
      const template = await callApi(getPrimaryItemTplContract, { params: { id }, signal });
      return { draft: draftOfItem("primary_item", template), updatedAt: template.updated_at, origin: template.origin };
    },
  });
}

const ORIGIN_LABELS: Record<string, string> = {
  saved: "既存の項目から保存",
  catalogue: "業種別テンプレート集から",
  ai: "AIで作成",
};

function TemplateDetail({
  workspaceId,
  selection,
  canManage,
  narrow,
  onBack,
  onSaved,
  onDeleted,
}: {
  workspaceId: string;
  selection: Selection;
  canManage: boolean;
  narrow: boolean;
  onBack: () => void;
  onSaved: (id: string) => void;
  onDeleted: () => void;
}) {
  const queryClient = useQueryClient();
  const detail = useTemplateDetail(selection);
  const [draft, setDraft] = useState<TemplateDraft | null>(() => (selection.id ? null : blankDraft(selection.kind)));
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [using, setUsing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [startDate, setStartDate] = useState(todayInTokyo());

  // The server's copy replaces the draft until the user edits it (a save answers the new copy).
  if (detail.data && !dirty && draft !== detail.data.draft) setDraft(detail.data.draft);

  if (selection.id && detail.isPending) return <Skeleton variant="rounded" height={320} />;
  if (selection.id && detail.isError) return <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  if (!draft) return null;

  const problem = draftProblem(draft);
  const span = draftSpan(draft);
  const edit = (next: TemplateDraft) => {
    setDraft(next);
    setDirty(true);
  };
  const save = async () => {
    setSaving(true);
    try {
      if (selection.id) {
        await updateTemplate(selection.id, draft);
        await invalidateTemplateLists(queryClient);
        setDirty(false);
        showToast("テンプレートを保存しました", { type: "success" });
      } else {
        const created = await createTemplate(workspaceId, draft);
        await invalidateTemplateLists(queryClient);
        showToast("テンプレートを作成しました", { type: "success" });
        onSaved(created.id);
      }
    } catch (error) {
      showErrorToast(error);
    } finally {
      setSaving(false);
    }
  };
  const remove = async () => {
    if (!selection.id) return;
    try {
      await deleteTemplate(selection.kind, selection.id);
      await invalidateTemplateLists(queryClient);
      showToast("テンプレートを削除しました");
      onDeleted();
    } catch (error) {
      showErrorToast(error);
    }
  };
  const origin = detail.data ? ORIGIN_LABELS[detail.data.origin] : undefined;

  return (
    <Paper variant="outlined" sx={{ borderRadius: 3 }}>
      <ConfirmDialog
        open={confirmingDelete}
        title={`テンプレート「${draft.name}」を削除しますか？`}
        confirmLabel="削除する"
        destructive
        onConfirm={remove}
        onClose={() => setConfirmingDelete(false)}
      >
        作成済みのタスクや項目はそのまま残ります。
      </ConfirmDialog>
      <Stack
        direction="row"
        spacing={1}
        sx={{
          alignItems: "center",
          px: 2,
          py: 1.25,
          borderBottom: 1,
          borderColor: "divider",
          flexWrap: "wrap",
          rowGap: 1,
        }}
      >
        {narrow && (
          <IconButton size="small" aria-label="一覧に戻る" onClick={onBack}>
            <ArrowBackOutlined fontSize="small" />
          </IconButton>
        )}
        <Chip size="small" label={`${KIND_LABELS[selection.kind]}テンプレート`} color="primary" variant="outlined" />
        <Typography variant="caption" color="text.secondary" sx={{ flexGrow: 1 }}>
          {selection.id
            ? `タスク${span.tasks}件・${span.days}${draft.day_basis === "business" ? "営業日" : "日"}${origin ? `・${origin}` : ""}`
            : "新しいテンプレート"}
        </Typography>
        {selection.id && canManage && (
          <Tooltip title="削除">
            <IconButton size="small" aria-label="テンプレートを削除" onClick={() => setConfirmingDelete(true)}>
              <DeleteOutlineOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        {canManage && (selection.id === null || dirty) && (
          <Button variant="outlined" size="small" disabled={saving || Boolean(problem)} onClick={() => void save()}>
            {saving ? "保存しています…" : selection.id ? "変更を保存" : "作成する"}
          </Button>
        )}
        {selection.id && (
          <Button
            variant="contained"
            size="small"
            disabled={dirty}
            onClick={() => setUsing(true)}
            title={dirty ? "変更を保存してから使えます" : undefined}
          >
            使う
          </Button>
        )}
      </Stack>
      <Box sx={{ p: 2 }}>
        {dirty && problem && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {problem}
          </Alert>
        )}
        <TemplateTreeEditor draft={draft} onChange={edit} readOnly={!canManage} />
      </Box>
      <Divider />
      <Box sx={{ p: 2 }}>
        <Typography variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
          日付のプレビュー
        </Typography>
        <TemplatePreview
          source={{ workspace_id: workspaceId, draft: previewDraft(draft) }}
          startDate={startDate}
          onStartDateChange={setStartDate}
        />
      </Box>
      {selection.id && (
        <UseTemplateDialog
          workspaceId={workspaceId}
          open={using}
          onClose={() => setUsing(false)}
          template={{ kind: selection.kind, id: selection.id, name: draft.name }}
        />
      )}
    </Paper>
  );
}
