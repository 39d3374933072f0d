import AutoAwesomeOutlined from "@mui/icons-material/AutoAwesomeOutlined";
import ExpandMoreOutlined from "@mui/icons-material/ExpandMoreOutlined";
import Accordion from "@mui/material/Accordion";
import AccordionDetails from "@mui/material/AccordionDetails";
import AccordionSummary from "@mui/material/AccordionSummary";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import type { Theme } from "@mui/material/styles";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useQueryClient } from "@tanstack/react-query";
import type { AiPrimaryTpl, TemplateGenerator } from "@tasuki/contract/template/ai-template.schema";
import { useState } from "react";
import { ErrorState } from "../../../components/error-state.tsx";
import { showErrorToast, showToast } from "../../../lib/toast.tsx";
import { useBusinessCategories } from "../../business-category/api/list-business-categories.ts";
import { createTemplate } from "../api/create-template.ts";
import { generateTemplate } from "../api/generate-primary-item-tpl.ts";
import { useAiCatalogue } from "../api/list-ai-primary-tpls.ts";
import { invalidateTemplateLists } from "../api/template-lists.ts";
import { todayInTokyo } from "../template-dates.ts";
import { draftOfCatalogue, draftOfItem, draftProblem, previewDraft, type TemplateDraft } from "../template-draft.ts";
import { TemplatePreview } from "./template-preview.tsx";
import { TemplateTreeEditor } from "./template-tree-editor.tsx";

/** Said wherever AI is offered when the deployment has no AI provider. */
export const NO_PROVIDER_NOTICE =
  "AIサービスが設定されていないため、AIによる作成は使えません。業種別テンプレート集の中から、目的に近いものを下書きにします。";

function BusinessCategorySelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const categories = useBusinessCategories();
  return (
    <TextField
      select
      size="small"
      label="業種"
      value={categories.data ? value : ""}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: 240 }}
    >
      {(categories.data?.items ?? []).map((category) => (
        <MenuItem key={category.id} value={category.id}>
          {category.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * 業種別テンプレート集 (AIテンプレート): the read-only catalogue of 大項目 templates for a 業種, the workspace's own first.
 * An entry is taken into the workspace's templates (then edited and used like any other).
 */
export function AiCatalogueDialog({
  workspaceId,
  open,
  canSave,
  onClose,
  onSaved,
}: {
  workspaceId: string;
  open: boolean;
  canSave: boolean;
  onClose: () => void;
  onSaved: (id: string) => void;
}) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down("sm"));
  const queryClient = useQueryClient();
  const [category, setCategory] = useState<string | undefined>(undefined);
  const catalogue = useAiCatalogue(workspaceId, category);
  const [saving, setSaving] = useState<string | null>(null);
  const shownCategory = category ?? catalogue.data?.business_category_id ?? "";

  const take = async (entry: AiPrimaryTpl) => {
    setSaving(entry.id);
    try {
      const saved = await createTemplate(workspaceId, draftOfCatalogue(entry), "catalogue");
      await invalidateTemplateLists(queryClient);
      showToast(`「${entry.name}」をテンプレートに追加しました`, { type: "success" });
      onSaved(saved.id);
      onClose();
    } catch (error) {
      showErrorToast(error);
    } finally {
      setSaving(null);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      aria-labelledby="catalogue-title"
    >
      <DialogTitle id="catalogue-title">業種別テンプレート集</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ alignItems: { sm: "center" } }}>
            <BusinessCategorySelect value={shownCategory} onChange={setCategory} />
            <Typography variant="body2" color="text.secondary">
              業種ごとによくある仕事の段取りをまとめたテンプレートです。追加すると自社用に編集して使えます。
            </Typography>
          </Stack>
          {catalogue.isPending ? (
            <Skeleton variant="rounded" height={160} />
          ) : catalogue.isError ? (
            <ErrorState error={catalogue.error} onRetry={() => void catalogue.refetch()} />
          ) : catalogue.data.items.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {catalogue.data.business_category_id
                ? "この業種のテンプレートはまだありません。"
                : "会社情報に業種が登録されていません。上で業種を選んでください。"}
            </Typography>
          ) : (
            <Box>
              {catalogue.data.items.map((entry) => (
                <Accordion key={entry.id} disableGutters variant="outlined" sx={{ "&:before": { display: "none" } }}>
                  <AccordionSummary expandIcon={<ExpandMoreOutlined />}>
                    <Box sx={{ minWidth: 0 }}>
                      <Typography sx={{ fontWeight: 700 }}>{entry.name}</Typography>
                      <Typography variant="caption" color="text.secondary">
                        中項目{entry.secondary_items.length}・タスク{entry.task_count}　{entry.description}
                      </Typography>
                    </Box>
                  </AccordionSummary>
                  <AccordionDetails sx={{ pt: 0 }}>
                    <CatalogueTree entry={entry} />
                    {canSave && (
                      <Box sx={{ textAlign: "right", mt: 1 }}>
                        <Button
                          variant="contained"
                          size="small"
                          disabled={saving !== null}
                          onClick={() => void take(entry)}
                        >
                          {saving === entry.id ? "追加しています…" : "自社のテンプレートに追加"}
                        </Button>
                      </Box>
                    )}
                  </AccordionDetails>
                </Accordion>
              ))}
            </Box>
          )}
          {!canSave && <Alert severity="info">テンプレートに追加するには、テンプレートの編集権限が必要です。</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>閉じる</Button>
      </DialogActions>
    </Dialog>
  );
}

function CatalogueTree({ entry }: { entry: AiPrimaryTpl }) {
  return (
    <Stack spacing={1}>
      {entry.secondary_items.map((item) => (
        <Box key={item.name}>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {item.name}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {item.tasks.map((task) => (
              <Typography component="li" variant="body2" key={task.title} sx={{ color: "text.secondary" }}>
                {task.title}
                <Box component="span" sx={{ ml: 1, fontSize: 12 }}>
                  {task.start_offset_days}日後から{task.duration_days}日
                </Box>
              </Typography>
            ))}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

/**
 * 「AIで作成」: a 大項目 template drafted from a goal (目的) and the 業種, reviewed and edited here before it is saved.
 * Without an AI provider the API drafts from the catalogue, and the dialog says so.
 */
export function AiCreateDialog({
  workspaceId,
  open,
  generator,
  onClose,
  onSaved,
}: {
  workspaceId: string;
  open: boolean;
  generator: TemplateGenerator | undefined;
  onClose: () => void;
  onSaved: (id: string) => void;
}) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down("sm"));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      aria-labelledby="ai-create-title"
    >
      {open && <AiCreateForm workspaceId={workspaceId} generator={generator} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}

function AiCreateForm({
  workspaceId,
  generator,
  onClose,
  onSaved,
}: {
  workspaceId: string;
  generator: TemplateGenerator | undefined;
  onClose: () => void;
  onSaved: (id: string) => void;
}) {
  const queryClient = useQueryClient();
  const catalogue = useAiCatalogue(workspaceId, undefined);
  const [goal, setGoal] = useState("");
  const [category, setCategory] = useState<string | undefined>(undefined);
  const [draft, setDraft] = useState<TemplateDraft | null>(null);
  const [madeBy, setMadeBy] = useState<TemplateGenerator>("ai");
  const [busy, setBusy] = useState(false);
  const [startDate, setStartDate] = useState(todayInTokyo());
  const shownCategory = category ?? catalogue.data?.business_category_id ?? "";
  const problem = draft ? draftProblem(draft) : null;

  const generate = async () => {
    setBusy(true);
    try {
      const answer = await generateTemplate({
        workspace_id: workspaceId,
        goal: goal.trim(),
        ...(shownCategory && { business_category_id: shownCategory }),
      });
      setDraft(draftOfItem("primary_item", answer.draft));
      setMadeBy(answer.generator);
    } catch (error) {
      showErrorToast(error);
    } finally {
      setBusy(false);
    }
  };
  const save = async () => {
    if (!draft) return;
    setBusy(true);
    try {
      const saved = await createTemplate(workspaceId, draft, madeBy === "ai" ? "ai" : "catalogue");
      await invalidateTemplateLists(queryClient);
      showToast(`「${draft.name}」をテンプレートとして保存しました`, { type: "success" });
      onSaved(saved.id);
      onClose();
    } catch (error) {
      showErrorToast(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <DialogTitle id="ai-create-title">AIで作成</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {generator === "template" && <Alert severity="info">{NO_PROVIDER_NOTICE}</Alert>}
          <Stack direction={{ xs: "column", md: "row" }} spacing={1.5}>
            <TextField
              size="small"
              label="目的"
              placeholder="例: 秋の展示会に出展して新規の商談を30件つくる"
              fullWidth
              value={goal}
              onChange={(event) => setGoal(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
            <BusinessCategorySelect value={shownCategory} onChange={setCategory} />
            <Button
              variant="outlined"
              startIcon={<AutoAwesomeOutlined />}
              disabled={busy || !goal.trim()}
              onClick={() => void generate()}
              sx={{ flexShrink: 0 }}
            >
              {draft ? "作り直す" : "下書きを作成"}
            </Button>
          </Stack>
          {busy && !draft && <Skeleton variant="rounded" height={120} />}
          {draft && (
            <>
              <Alert severity="success" variant="outlined">
                {madeBy === "ai"
                  ? "AIが作った下書きです。内容を確かめ、必要なら直してから保存してください。"
                  : "業種別テンプレート集から作った下書きです。内容を確かめ、必要なら直してから保存してください。"}
              </Alert>
              <TemplateTreeEditor draft={draft} onChange={setDraft} />
              <Box>
                <Typography variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
                  日付のプレビュー
                </Typography>
                <TemplatePreview
                  source={{ workspace_id: workspaceId, draft: previewDraft(draft) }}
                  startDate={startDate}
                  onStartDateChange={setStartDate}
                  compact
                />
              </Box>
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {problem && (
          <Typography variant="caption" color="text.secondary" sx={{ mr: "auto", pl: 1 }}>
            {problem}
          </Typography>
        )}
        <Button onClick={onClose}>キャンセル</Button>
        <Button variant="contained" disabled={busy || !draft || Boolean(problem)} onClick={() => void save()}>
          テンプレートとして保存
        </Button>
      </DialogActions>
    </>
  );
}
