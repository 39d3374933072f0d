import AutoAwesomeOutlined from "@mui/icons-material/AutoAwesomeOutlined";
import DescriptionOutlined from "@mui/icons-material/DescriptionOutlined";
import WorkspacePremiumOutlined from "@mui/icons-material/WorkspacePremiumOutlined";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { PREMIUM_FEATURE_LABELS } from "@tasuki/contract/billing/plan.schema";
import type { TaskDetail } from "@tasuki/contract/task/task.schema";
import { useState } from "react";
import { announceUpgradeNeeded } from "../../../lib/upgrade-needed.ts";
import { useSignedInSession } from "../../../session/session.ts";
import { usePlan } from "../../billing/api/use-plan.ts";
import { useClientConfig } from "../../system/api/get-client-config.ts";
import { useSyncGeneratedDescription } from "../api/sync-generated-description.ts";
import { SectionTitle } from "./section-title.tsx";
import { useFieldDraft } from "./use-field-draft.ts";
import type { TaskSaver } from "./use-task-saver.ts";

const SOURCE_LABELS = {
  ai: { label: "AIが作成", hint: "設定されたAIがタスク名と所属から作成した説明です" },
  template: {
    label: "テンプレートで作成",
    hint: "AIが設定されていないため、目的・手順・完了条件の定型で作成した説明です",
  },
} as const;

/**
 * The description, saved when the field loses focus, and 「説明を自動作成」: the server writes it through the
 * AI provider, or the template generator without one, and says which (description_source). Text a person
 * wrote is replaced only after asking.
 */
export function TaskDescriptionSection({
  task,
  editable,
  saver,
  onSave,
}: {
  task: TaskDetail;
  editable: boolean;
  saver: TaskSaver;
  onSave: (description: string) => Promise<boolean>;
}) {
  const { draft, setDraft, reset, dirty } = useFieldDraft(task.description);
  const sync = useSyncGeneratedDescription();
  const [confirming, setConfirming] = useState(false);
  const writtenByPerson = task.description.trim() !== "" && task.description_source === null;
  const source = task.description_source ? SOURCE_LABELS[task.description_source] : null;

  const workspaceId = useSignedInSession().workspaceUser?.workspace_id;
  const aiOpen = usePlan(workspaceId).hasFeature("ai");
  // Said before the click: without an AI service the button writes a fixed template, not a text of its own.
  const templateOnly = useClientConfig().data?.ai_configured === false;

  const generate = async (overwrite: boolean) => {
    setConfirming(false);
    await saver.run("description", () => sync.mutateAsync({ id: task.id, overwrite }));
  };

  return (
    <section aria-labelledby="task-description-title">
      <SectionTitle
        id="task-description-title"
        icon={<DescriptionOutlined />}
        action={
          editable && (
            <Button
              size="small"
              variant="outlined"
              startIcon={sync.isPending ? <CircularProgress size={14} /> : <AutoAwesomeOutlined />}
              endIcon={aiOpen ? undefined : <WorkspacePremiumOutlined aria-label="プレミアムプランの機能" />}
              disabled={sync.isPending || dirty}
              onClick={() =>
                !aiOpen
                  ? announceUpgradeNeeded({
                      code: "premium_required",
                      message: `${PREMIUM_FEATURE_LABELS.ai}はプレミアムプランでご利用いただけます。プランをアップグレードしてください。`,
                    })
                  : writtenByPerson
                    ? setConfirming(true)
                    : void generate(false)
              }
            >
              {sync.isPending ? "作成中…" : "説明を自動作成"}
            </Button>
          )
        }
      >
        説明
        {source && (
          <Tooltip title={source.hint}>
            <Chip
              size="small"
              icon={<AutoAwesomeOutlined />}
              label={source.label}
              color={task.description_source === "ai" ? "secondary" : "default"}
              variant="outlined"
              sx={{ ml: 1, fontWeight: 500 }}
              data-testid="description-source"
            />
          </Tooltip>
        )}
      </SectionTitle>
      {editable && aiOpen && templateOnly && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: -0.5, mb: 1 }}>
          AIサービスが設定されていないため、「説明を自動作成」はタスク名と所属から目的・手順・完了条件の定型文を作成します。
        </Typography>
      )}
      <TextField
        multiline
        fullWidth
        minRows={4}
        maxRows={18}
        placeholder={editable ? "作業の目的、手順、完了条件などを書きます" : "説明はありません"}
        value={draft}
        disabled={!editable || sync.isPending}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={async () => {
          if (dirty && !(await onSave(draft))) reset();
        }}
        slotProps={{ htmlInput: { "aria-label": "説明" } }}
      />
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="overwrite-description-title">
        <DialogTitle id="overwrite-description-title">説明を置き換えますか？</DialogTitle>
        <DialogContent>
          <DialogContentText>入力済みの説明は、自動作成した説明で置き換えられ、元に戻せません。</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>キャンセル</Button>
          <Button variant="contained" onClick={() => void generate(true)}>
            置き換えて作成
          </Button>
        </DialogActions>
      </Dialog>
    </section>
  );
}
