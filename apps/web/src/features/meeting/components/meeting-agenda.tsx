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
import DragIndicatorOutlined from "@mui/icons-material/DragIndicatorOutlined";
import LibraryAddOutlined from "@mui/icons-material/LibraryAddOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import IconButton from "@mui/material/IconButton";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { MeetingDetail } from "@tasuki/contract/meeting/meeting.schema";
import type { PrimaryItem } from "@tasuki/contract/primary-item/primary-item.schema";
import { useState } from "react";
import { ErrorState } from "../../../components/error-state.tsx";
import { useTemplateEntryPoints } from "../../../components/template-entry-points.ts";
import { placeBetween, projectMove } from "../../../lib/project-sections.ts";
import { showErrorToast } from "../../../lib/toast.tsx";
import { putItemPosition } from "../../task/api/item-level.ts";
import { primaryItemsQueryOptions } from "../../task/api/list-primary-items.ts";
import { secondaryItemsQueryOptions } from "../../task/api/list-secondary-items.ts";
import { newPrimaryItem } from "../../task/api/new-primary-item.ts";
import { itemKeys } from "../../task/api/task-keys.ts";
import { updatePrimaryItem } from "../../task/api/update-primary-item.ts";
import { carriedChip } from "./meeting-chips.tsx";

/** 議題: the meeting's primary items with their secondary items; 済 marks one dealt with. */
export function Agenda({ meeting }: { meeting: MeetingDetail }) {
  const queryClient = useQueryClient();
  const items = useQuery(primaryItemsQueryOptions(meeting.workspace_id, { meeting_id: meeting.id }));
  const [name, setName] = useState("");
  const writable = meeting.can_write_minutes && !meeting.deleted_at;
  const templates = useTemplateEntryPoints(meeting.workspace_id);
  const refresh = () => queryClient.invalidateQueries({ queryKey: itemKeys.all });
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
      await updatePrimaryItem(item.id, { done: !item.done });
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
