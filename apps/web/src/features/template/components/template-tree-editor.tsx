import AddOutlined from "@mui/icons-material/AddOutlined";
import ArrowUpwardOutlined from "@mui/icons-material/ArrowUpwardOutlined";
import DeleteOutlineOutlined from "@mui/icons-material/DeleteOutlineOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { TEMPLATE_LIMITS } from "@tasuki/contract/template/template.schema";
import { blankTask, type DraftSecondary, newKey, type TemplateDraft } from "../template-draft.ts";
import { move } from "./template-field-options.ts";
import { SingleTaskFields } from "./template-single-task-fields.tsx";
import { TaskRows } from "./template-task-rows.tsx";

/**
 * The tree editor of a template: its name and day basis, then (for item templates) 中項目 with their tasks, each
 * task on one row with its start (days after the start date), duration, priority and assignee rule. Everything
 * edits the draft in place; saving is the page's.
 */
export function TemplateTreeEditor({
  draft,
  onChange,
  readOnly = false,
}: {
  draft: TemplateDraft;
  onChange: (draft: TemplateDraft) => void;
  readOnly?: boolean;
}) {
  const set = (patch: Partial<TemplateDraft>) => onChange({ ...draft, ...patch });
  const setSecondary = (index: number, item: DraftSecondary | null) => {
    const next = [...draft.secondary_items];
    if (item) next[index] = item;
    else next.splice(index, 1);
    set({ secondary_items: next });
  };
  const nameLabel = draft.kind === "task" ? "タスク名" : draft.kind === "primary_item" ? "大項目名" : "中項目名";

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ alignItems: { sm: "flex-start" } }}>
        <TextField
          label={nameLabel}
          size="small"
          required
          fullWidth
          value={draft.name}
          disabled={readOnly}
          onChange={(event) => set({ name: event.target.value })}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <Box sx={{ flexShrink: 0 }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={draft.day_basis}
            disabled={readOnly}
            onChange={(_, value) => value && set({ day_basis: value })}
            aria-label="日数の数え方"
          >
            <ToggleButton value="business" sx={{ px: 1.5, whiteSpace: "nowrap" }}>
              営業日で数える
            </ToggleButton>
            <ToggleButton value="calendar" sx={{ px: 1.5, whiteSpace: "nowrap" }}>
              暦日で数える
            </ToggleButton>
          </ToggleButtonGroup>
        </Box>
      </Stack>
      {draft.kind === "task" ? (
        <SingleTaskFields
          task={draft.tasks[0] ?? blankTask()}
          readOnly={readOnly}
          onChange={(task) => set({ tasks: [task] })}
        />
      ) : (
        <>
          <TextField
            label="説明"
            size="small"
            multiline
            minRows={1}
            maxRows={4}
            value={draft.description}
            disabled={readOnly}
            onChange={(event) => set({ description: event.target.value })}
          />
          <Typography variant="caption" color="text.secondary">
            「開始」は使うときに選ぶ開始日から何日後か（0は開始日当日）、「期間」は期限までの日数です（1は当日中）。
            {draft.day_basis === "business" ? "土日・祝日・休業日は数えません。" : "土日・祝日も数えます。"}
          </Typography>
          {draft.kind === "primary_item" &&
            draft.secondary_items.map((item, index) => (
              <Paper key={item.key} variant="outlined" sx={{ p: 1.5, borderRadius: 2 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 1 }}>
                  <Typography variant="caption" sx={{ fontWeight: 700, color: "text.secondary", flexShrink: 0 }}>
                    中項目
                  </Typography>
                  <TextField
                    size="small"
                    fullWidth
                    value={item.name}
                    disabled={readOnly}
                    placeholder="中項目名"
                    onChange={(event) => setSecondary(index, { ...item, name: event.target.value })}
                    slotProps={{ htmlInput: { "aria-label": `中項目${index + 1}の名前`, maxLength: 200 } }}
                    sx={{ "& .MuiInputBase-input": { fontWeight: 700 } }}
                  />
                  {!readOnly && (
                    <>
                      <Tooltip title="上へ">
                        <span>
                          <IconButton
                            size="small"
                            disabled={index === 0}
                            aria-label={`中項目「${item.name}」を上へ`}
                            onClick={() => set({ secondary_items: move(draft.secondary_items, index, -1) })}
                          >
                            <ArrowUpwardOutlined fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                      <Tooltip title="中項目を削除">
                        <IconButton
                          size="small"
                          aria-label={`中項目「${item.name}」を削除`}
                          onClick={() => setSecondary(index, null)}
                        >
                          <DeleteOutlineOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </>
                  )}
                </Stack>
                <TaskRows
                  tasks={item.tasks}
                  readOnly={readOnly}
                  parentLabel={item.name || `中項目${index + 1}`}
                  onChange={(tasks) => setSecondary(index, { ...item, tasks })}
                />
              </Paper>
            ))}
          {(draft.kind === "secondary_item" || draft.tasks.length > 0) && (
            <Box>
              {draft.kind === "primary_item" && (
                <Typography variant="caption" sx={{ fontWeight: 700, color: "text.secondary" }}>
                  中項目に入れないタスク
                </Typography>
              )}
              <TaskRows
                tasks={draft.tasks}
                readOnly={readOnly}
                parentLabel={draft.name || "テンプレート"}
                onChange={(tasks) => set({ tasks })}
              />
            </Box>
          )}
          {draft.kind === "primary_item" && !readOnly && (
            <Stack direction="row" spacing={1}>
              <Button
                size="small"
                startIcon={<AddOutlined />}
                disabled={draft.secondary_items.length >= TEMPLATE_LIMITS.maxSecondaryItems}
                onClick={() =>
                  set({
                    secondary_items: [
                      ...draft.secondary_items,
                      { key: newKey(), name: "", description: "", tasks: [blankTask(nextStart(draft))] },
                    ],
                  })
                }
              >
                中項目を追加
              </Button>
              {draft.tasks.length === 0 && (
                <Button
                  size="small"
                  color="inherit"
                  sx={{ color: "text.secondary" }}
                  onClick={() => set({ tasks: [blankTask()] })}
                >
                  中項目に入れないタスクを追加
                </Button>
              )}
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}

/** A new 中項目 starts where the last task of the tree ends, as plans usually run on. */
function nextStart(draft: TemplateDraft): number {
  const all = [...draft.tasks, ...draft.secondary_items.flatMap((item) => item.tasks)];
  return Math.min(
    TEMPLATE_LIMITS.maxOffsetDays,
    all.reduce((max, task) => Math.max(max, task.start_offset_days + task.duration_days), 0),
  );
}
