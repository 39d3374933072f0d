import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import AddOutlined from "@mui/icons-material/AddOutlined";
import BookmarkAddOutlined from "@mui/icons-material/BookmarkAddOutlined";
import DeleteOutlineOutlined from "@mui/icons-material/DeleteOutlineOutlined";
import DragIndicatorOutlined from "@mui/icons-material/DragIndicatorOutlined";
import EditOutlined from "@mui/icons-material/EditOutlined";
import EventOutlined from "@mui/icons-material/EventOutlined";
import EventRepeatOutlined from "@mui/icons-material/EventRepeatOutlined";
import ForwardToInboxOutlined from "@mui/icons-material/ForwardToInboxOutlined";
import LibraryAddOutlined from "@mui/icons-material/LibraryAddOutlined";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import Checkbox from "@mui/material/Checkbox";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import type { MeetingDetail } from "@tasuki/contract/meeting/meeting.schema";
import { updatePrimaryItemContract } from "@tasuki/contract/primary-item/primary-item.contracts";
import type { PrimaryItem } from "@tasuki/contract/primary-item/primary-item.schema";
import { newTaskContract } from "@tasuki/contract/task/task.contracts";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { ErrorState } from "../../../components/error-state.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { PersonAvatar, type PersonRef } from "../../../components/person-avatar.tsx";
import { StaffPicker } from "../../../components/staff-picker.tsx";
import { callApi } from "../../../lib/api-client.ts";
import { holidayName, timeRange } from "../../../lib/calendar.ts";
import { formatJapaneseDate, formatSlashDate, toTokyo, WEEKDAY_LABELS } from "../../../lib/date.ts";
import { placeBetween, projectMove } from "../../../lib/project-sections.ts";
import { showErrorToast, showToast } from "../../../lib/toast.tsx";
import {
  newPrimaryItem,
  primaryItemsQueryOptions,
  putItemPosition,
  secondaryItemsQueryOptions,
} from "../../task/api/item-api.ts";
import { useTemplateEntryPoints } from "../../template/components/template-entry-points.tsx";
import { deleteMeeting, downloadMeetingIcs, shareMinutes, useMeeting } from "../api/meeting-api.ts";
import { MeetingDialog } from "./meeting-dialog.tsx";
import { meetingTypeChip, plainLink } from "./meeting-list-page.tsx";
import { MinutesEditor } from "./minutes-editor.tsx";

const carriedChip = (
  <Chip size="small" variant="outlined" color="warning" label="前回から持ち越し" sx={{ height: 20 }} />
);

/** The meeting page (its address is shareable): time, room, people, agenda, minutes, action items, series. */
export function MeetingPage({ meetingId }: { meetingId: string }) {
  const meeting = useMeeting(meetingId);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState<"share" | "delete" | null>(null);
  const navigate = useNavigate();
  if (meeting.isError)
    return <ErrorState error={meeting.error} title="会議を表示できません" onRetry={() => void meeting.refetch()} />;
  if (meeting.isPending) {
    return (
      <Stack spacing={2}>
        <Skeleton variant="text" width={280} height={40} />
        <Skeleton variant="rounded" height={120} />
        <Skeleton variant="rounded" height={240} />
      </Stack>
    );
  }
  const m = meeting.data;
  const start = toTokyo(m.starts_at);
  const holiday = holidayName(start.format("YYYY-MM-DD"));
  const remove = async () => {
    try {
      await deleteMeeting(m.id);
      showToast("会議をゴミ箱に移動しました");
      void navigate({ to: "/communication/meeting" });
    } catch (error) {
      showErrorToast(error);
    }
  };
  const askToShare = () => {
    if (!m.minutes.trim()) {
      showToast("議事録が空です。書いてから共有してください。", { type: "warning" });
      return;
    }
    setConfirming("share");
  };
  const share = async () => {
    try {
      const { recipients } = await shareMinutes(m.id);
      showToast(`議事録を${recipients}人に共有しました`, { type: "success" });
    } catch (error) {
      showErrorToast(error);
    }
  };
  return (
    <>
      <PageHeader
        title={m.name}
        description={
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 0.5 }}
            component="span"
          >
            {meetingTypeChip(m.meeting_type)}
            <span>
              {formatJapaneseDate(start)}（{WEEKDAY_LABELS[start.day()]}）{timeRange(m.starts_at, m.ends_at)}
              {holiday && `・${holiday}`}
            </span>
            {m.room_name && <span>・{m.room_name}</span>}
            {m.periodic_series_id && (
              // titleAccess, not aria-label: MUI hides a labelled icon from assistive technology otherwise.
              <EventRepeatOutlined sx={{ fontSize: 18, color: "text.secondary" }} titleAccess="繰り返し" />
            )}
          </Stack>
        }
        actions={
          // On a phone the four buttons fit one line without their icons.
          <Stack
            direction="row"
            useFlexGap
            sx={{ flexWrap: "wrap", gap: 1, "& .MuiButton-startIcon": { display: { xs: "none", sm: "inherit" } } }}
          >
            {m.can_write_minutes && !m.deleted_at && (
              <Button size="small" variant="outlined" startIcon={<ForwardToInboxOutlined />} onClick={askToShare}>
                議事録を共有
              </Button>
            )}
            {/* describeChild: the tooltip describes the button and leaves its name 「.ics」. */}
            <Tooltip title="カレンダーに取り込む予定ファイルをダウンロード" describeChild>
              <Button
                size="small"
                startIcon={<EventOutlined />}
                onClick={() => void downloadMeetingIcs(m.id, m.name).catch(showErrorToast)}
              >
                .ics
              </Button>
            </Tooltip>
            {m.can_edit && (
              <>
                <Button size="small" variant="outlined" startIcon={<EditOutlined />} onClick={() => setEditing(true)}>
                  編集
                </Button>
                <Button
                  size="small"
                  color="error"
                  startIcon={<DeleteOutlineOutlined />}
                  onClick={() => setConfirming("delete")}
                >
                  削除
                </Button>
              </>
            )}
          </Stack>
        }
      />
      <ConfirmDialog
        open={confirming === "share"}
        title="議事録を共有しますか？"
        confirmLabel="共有する"
        onConfirm={share}
        onClose={() => setConfirming(null)}
      >
        保存済みの議事録を、主催者と参加者（あなたを除く）にメールとお知らせで送ります。
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === "delete"}
        title="この会議を削除しますか？"
        confirmLabel="削除する"
        destructive
        onConfirm={remove}
        onClose={() => setConfirming(null)}
      >
        会議はゴミ箱に移動し、参加者には取り消しのお知らせが届きます。
      </ConfirmDialog>
      {m.deleted_at && (
        <Alert severity="info" sx={{ mb: 2 }}>
          この会議はゴミ箱にあります。
        </Alert>
      )}
      {m.warnings.map((warning) => (
        <Alert
          key={`${warning.code}:${warning.meeting_id}:${warning.staff_id}:${warning.message}`}
          severity="warning"
          sx={{ mb: 1 }}
        >
          {warning.message}
        </Alert>
      ))}
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "minmax(0, 2fr) minmax(0, 1fr)" } }}>
        <Stack spacing={2}>
          <Card variant="outlined" sx={{ p: 2 }}>
            <Agenda meeting={m} />
          </Card>
          <Card variant="outlined" sx={{ p: 2 }}>
            <MinutesEditor key={m.id} meeting={m} />
          </Card>
        </Stack>
        <Stack spacing={2}>
          <Card variant="outlined" sx={{ p: 2 }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
              参加者
            </Typography>
            <Stack spacing={0.75}>
              {m.organizer && <Person person={m.organizer} note="主催者" />}
              {m.participants
                .filter((p) => p.id !== m.organizer?.id)
                .map((p) => (
                  <Person key={p.id} person={p} />
                ))}
            </Stack>
          </Card>
          <Card variant="outlined" sx={{ p: 2 }}>
            <ActionItems meeting={m} />
          </Card>
          {m.series.length > 1 && (
            <Card variant="outlined" sx={{ p: 2 }} component="section" aria-label="シリーズ">
              <Typography variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
                シリーズ
              </Typography>
              <Stack spacing={0.25}>
                {m.series.map((o) => (
                  <Link
                    key={o.id}
                    to="/communication/meeting/$meetingId"
                    params={{ meetingId: o.id }}
                    style={plainLink}
                  >
                    <Box
                      sx={{
                        display: "flex",
                        gap: 1,
                        px: 1,
                        py: 0.5,
                        borderRadius: 1,
                        color: "inherit",
                        textDecoration: "none",
                        bgcolor: o.id === m.id ? "action.selected" : undefined,
                        "&:hover": { bgcolor: "action.hover" },
                      }}
                    >
                      <Typography variant="body2" sx={{ flex: 1 }}>
                        {toTokyo(o.starts_at).format("M月D日（dd）H:mm")}
                      </Typography>
                      {o.has_minutes && (
                        <Typography variant="caption" color="text.secondary">
                          議事録あり
                        </Typography>
                      )}
                    </Box>
                  </Link>
                ))}
              </Stack>
            </Card>
          )}
        </Stack>
      </Box>
      {editing && <MeetingDialog workspaceId={m.workspace_id} meeting={m} onClose={() => setEditing(false)} />}
    </>
  );
}

function Person({ person, note }: { person: PersonRef; note?: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
      <PersonAvatar person={person} size={24} />
      <Typography variant="body2">
        {person.last_name} {person.first_name}
      </Typography>
      {note && (
        <Typography variant="caption" color="text.secondary">
          {note}
        </Typography>
      )}
    </Stack>
  );
}

/** 議題: the meeting's primary items with their secondary items; 済 marks one dealt with. */
function Agenda({ meeting }: { meeting: MeetingDetail }) {
  const queryClient = useQueryClient();
  const items = useQuery(primaryItemsQueryOptions(meeting.workspace_id, { meeting_id: meeting.id }));
  const [name, setName] = useState("");
  const writable = meeting.can_write_minutes && !meeting.deleted_at;
  const templates = useTemplateEntryPoints(meeting.workspace_id);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["task-item"] });
  const listKey = primaryItemsQueryOptions(meeting.workspace_id, { meeting_id: meeting.id }).queryKey;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  // Dropped between two neighbours: shown there at once, saved by the position call (lib/position.ts
  // moveBetween on the server), and put back if the server refuses.
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const list = items.data;
    if (!list || !over || active.id === over.id) return;
    const result = projectMove(list, String(active.id), String(over.id));
    if (!result) return;
    const neighbours = { prev_id: result.prev_id, next_id: result.next_id };
    queryClient.setQueryData(listKey, placeBetween(list, String(active.id), neighbours));
    putItemPosition("primary", String(active.id), neighbours)
      .catch((error: unknown) => {
        queryClient.setQueryData(listKey, list);
        showErrorToast(error);
      })
      .finally(() => void refresh());
  };
  const add = async () => {
    if (!name.trim()) return;
    try {
      await newPrimaryItem({ workspace_id: meeting.workspace_id, meeting_id: meeting.id, name: name.trim() });
      setName("");
      await refresh();
    } catch (error) {
      showErrorToast(error);
    }
  };
  const toggle = async (item: PrimaryItem) => {
    try {
      await callApi(updatePrimaryItemContract, { params: { id: item.id }, body: { done: !item.done } });
      await refresh();
    } catch (error) {
      showErrorToast(error);
    }
  };
  return (
    <Box>
      <Typography variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        議題
      </Typography>
      {items.isPending ? (
        <Skeleton variant="rounded" height={64} />
      ) : items.isError ? (
        <ErrorState error={items.error} onRetry={() => void items.refetch()} />
      ) : items.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
          議題はまだありません。
        </Typography>
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={items.data.map((item) => item.id)} strategy={verticalListSortingStrategy}>
            <Stack spacing={0.5} component="ol" sx={{ pl: 0, m: 0, listStyle: "none" }}>
              {items.data.map((item, index) => (
                <AgendaRow
                  key={item.id}
                  item={item}
                  index={index}
                  writable={writable}
                  workspaceId={meeting.workspace_id}
                  onToggle={() => void toggle(item)}
                  {...(templates.canSave && {
                    onSaveAsTemplate: () => templates.saveAs({ kind: "primary_item", id: item.id, name: item.name }),
                  })}
                />
              ))}
            </Stack>
          </SortableContext>
        </DndContext>
      )}
      {writable && (
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <TextField
            size="small"
            fullWidth
            placeholder="議題を追加"
            value={name}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter" && !e.nativeEvent.isComposing) void add();
            }}
            slotProps={{ htmlInput: { "aria-label": "議題を追加" } }}
          />
          <Button
            variant="outlined"
            startIcon={<AddOutlined />}
            onClick={() => void add()}
            sx={{ flexShrink: 0, whiteSpace: "nowrap" }}
          >
            追加
          </Button>
        </Stack>
      )}
      {writable && (
        <Button
          size="small"
          startIcon={<LibraryAddOutlined />}
          sx={{ mt: 1 }}
          onClick={() => templates.addFrom({ kind: "meeting", id: meeting.id, name: meeting.name })}
        >
          テンプレートから追加
        </Button>
      )}
      {templates.dialogs}
    </Box>
  );
}

function AgendaRow({
  item,
  index,
  writable,
  workspaceId,
  onToggle,
  onSaveAsTemplate,
}: {
  item: PrimaryItem;
  index: number;
  writable: boolean;
  workspaceId: string;
  onToggle: () => void;
  /** 「テンプレートとして保存」 (with the template permission). */
  onSaveAsTemplate?: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
    disabled: !writable,
  });
  return (
    <Box
      component="li"
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      sx={{
        borderRadius: 1,
        bgcolor: isDragging ? "background.paper" : undefined,
        boxShadow: isDragging ? "0 8px 24px rgba(31, 36, 51, 0.16)" : "none",
        position: "relative",
        zIndex: isDragging ? 1 : "auto",
      }}
    >
      <Stack direction="row" sx={{ alignItems: "center" }} spacing={0.5}>
        {writable && (
          <IconButton
            ref={setActivatorNodeRef}
            size="small"
            aria-label={`「${item.name}」を並べ替える`}
            sx={{ cursor: "grab", color: "text.secondary", touchAction: "none", p: 0.25 }}
            {...attributes}
            {...listeners}
          >
            <DragIndicatorOutlined fontSize="small" />
          </IconButton>
        )}
        <Checkbox
          size="small"
          checked={item.done}
          disabled={!writable}
          onChange={onToggle}
          slotProps={{ input: { "aria-label": `${item.name}を済にする` } }}
        />
        <Typography
          variant="body2"
          sx={{ flex: 1, textDecoration: item.done ? "line-through" : undefined, fontWeight: 600 }}
        >
          {index + 1}. {item.name}
        </Typography>
        {item.carried_from_id && carriedChip}
        {onSaveAsTemplate && (
          <Tooltip title="テンプレートとして保存">
            <IconButton size="small" aria-label={`${item.name}をテンプレートとして保存`} onClick={onSaveAsTemplate}>
              <BookmarkAddOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      <SecondaryItems workspaceId={workspaceId} primaryItemId={item.id} />
    </Box>
  );
}

function SecondaryItems({ workspaceId, primaryItemId }: { workspaceId: string; primaryItemId: string }) {
  const items = useQuery(secondaryItemsQueryOptions(workspaceId, primaryItemId));
  if (!items.data?.length) return null;
  return (
    <Stack component="ul" sx={{ pl: 7, m: 0 }}>
      {items.data.map((item) => (
        <Typography component="li" variant="body2" key={item.id} sx={{ color: "text.secondary" }}>
          {item.name}
        </Typography>
      ))}
    </Stack>
  );
}

/** アクションアイテム: tasks of the meeting (and open ones of earlier occurrences), made here with an assignee and deadline. */
function ActionItems({ meeting }: { meeting: MeetingDetail }) {
  const queryClient = useQueryClient();
  const [title, setTitle] = useState("");
  const [assignee, setAssignee] = useState<PersonRef | null>(null);
  const [deadline, setDeadline] = useState("");
  const writable = meeting.can_write_minutes && !meeting.deleted_at;
  const add = async () => {
    if (!title.trim()) return;
    try {
      await callApi(newTaskContract, {
        body: {
          workspace_id: meeting.workspace_id,
          title: title.trim(),
          meeting_id: meeting.id,
          ...(assignee && { assignee_id: assignee.id }),
          ...(deadline && { expires_at: deadline }),
        },
      });
      setTitle("");
      setAssignee(null);
      setDeadline("");
      await queryClient.invalidateQueries({ queryKey: ["meeting", "detail", meeting.id] });
      showToast("アクションアイテムを追加しました", { type: "success" });
    } catch (error) {
      showErrorToast(error);
    }
  };
  return (
    <Box>
      <Typography variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        アクションアイテム
      </Typography>
      {meeting.action_items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          アクションアイテムはまだありません。
        </Typography>
      ) : (
        <Stack spacing={0.75}>
          {meeting.action_items.map((task) => (
            <Box key={task.id}>
              <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
                <Typography
                  variant="body2"
                  sx={{
                    fontWeight: 600,
                    textDecoration: task.status === "done" || task.status === "closed" ? "line-through" : undefined,
                  }}
                >
                  {task.title}
                </Typography>
                {task.carried_over && carriedChip}
              </Stack>
              <Typography variant="caption" color="text.secondary">
                {task.assignee ? `${task.assignee.last_name} ${task.assignee.first_name}` : "担当者なし"}
                {task.expires_at && `・期限 ${formatSlashDate(task.expires_at)}`}
              </Typography>
            </Box>
          ))}
        </Stack>
      )}
      {writable && (
        <Stack spacing={1} sx={{ mt: 1.5 }}>
          <TextField size="small" label="やること" value={title} onChange={(e) => setTitle(e.target.value)} />
          <StaffPicker
            workspaceId={meeting.workspace_id}
            size="small"
            label="担当者"
            value={assignee}
            firstIds={[meeting.organizer?.id, ...meeting.participants.map((person) => person.id)]}
            onChange={setAssignee}
          />
          <TextField
            size="small"
            label="期限"
            type="date"
            value={deadline}
            onChange={(e) => setDeadline(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button variant="outlined" startIcon={<AddOutlined />} onClick={() => void add()}>
            アクションアイテムを追加
          </Button>
        </Stack>
      )}
    </Box>
  );
}
