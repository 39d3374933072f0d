import AddOutlined from "@mui/icons-material/AddOutlined";
import AutoAwesomeOutlined from "@mui/icons-material/AutoAwesomeOutlined";
import HelpOutlineOutlined from "@mui/icons-material/HelpOutlineOutlined";
import LibraryBooksOutlined from "@mui/icons-material/LibraryBooksOutlined";
import SearchOutlined from "@mui/icons-material/SearchOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import InputAdornment from "@mui/material/InputAdornment";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import type { Theme } from "@mui/material/styles";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useNavigate } from "@tanstack/react-router";
import type { TemplateKind } from "@tasuki/contract/template/template.schema";
import { useDeferredValue, useEffect, useState } from "react";
import { PageHeader } from "../../../components/page-header.tsx";
import { ButtonLink } from "../../../components/router-link.tsx";
import { useCurrentWorkspaceId } from "../../../session/current-workspace.ts";
import { usePermission } from "../../../session/permissions.ts";
import { useAiCatalogue } from "../api/list-ai-primary-tpls.ts";
import { KIND_LABELS } from "../template-draft.ts";
import type { TemplateSearch } from "../template-search.ts";
import { AiCatalogueDialog, AiCreateDialog, NO_PROVIDER_NOTICE } from "./ai-template-dialogs.tsx";
import { TemplateDetail } from "./template-detail.tsx";
import { TemplateList } from "./template-list.tsx";
import { parseSelection } from "./template-selection.ts";

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
