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
import DeleteOutlineOutlined from "@mui/icons-material/DeleteOutlineOutlined";
import DragIndicatorOutlined from "@mui/icons-material/DragIndicatorOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { type ReactNode, useState } from "react";
import { type DraftItem, moveDraftItem, newDraftItem } from "../draft-list.ts";

export interface SortableNameListProps {
  items: DraftItem[];
  onChange: (items: DraftItem[]) => void;
  readOnly?: boolean;
  /** What a row is called: 階層名, 役職名. */
  nameLabel: string;
  /** Shown before each name, e.g. 第1階層 or ランク1. */
  prefix: (index: number) => ReactNode;
  /** The usage chip of a saved row, e.g. グループ 3件. */
  countLabel: (count: number) => string;
  addLabel: string;
  addPlaceholder: string;
  maxItems: number;
  maxLength: number;
}

/** An ordered list of names edited in place: rename, drag (or keyboard) to reorder, remove, add. */
export function SortableNameList(props: SortableNameListProps) {
  const { items, onChange, readOnly = false } = props;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onChange(moveDraftItem(items, String(active.id), String(over.id)));
  };

  return (
    <Box>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={items.map((item) => item.key)} strategy={verticalListSortingStrategy}>
          <Box component="ol" sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1 }}>
            {items.map((item, index) => (
              <SortableRow
                key={item.key}
                item={item}
                index={index}
                {...props}
                readOnly={readOnly}
                onRename={(name) => onChange(items.map((row) => (row.key === item.key ? { ...row, name } : row)))}
                onRemove={() => onChange(items.filter((row) => row.key !== item.key))}
              />
            ))}
          </Box>
        </SortableContext>
      </DndContext>
      {!readOnly && <AddRow {...props} />}
    </Box>
  );
}

function SortableRow({
  item,
  index,
  readOnly,
  nameLabel,
  prefix,
  countLabel,
  maxLength,
  onRename,
  onRemove,
}: SortableNameListProps & {
  item: DraftItem;
  index: number;
  onRename: (name: string) => void;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.key,
    disabled: readOnly,
  });
  const empty = item.name.trim() === "";
  return (
    <Box
      component="li"
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      sx={{
        display: "flex",
        alignItems: "center",
        // On a phone the name takes a line of its own: beside the handle, the rank, the usage chip and the delete
        // button it was squeezed to ~30 px.
        flexWrap: { xs: "wrap", sm: "nowrap" },
        gap: { xs: 1, sm: 1.5 },
        px: 1.5,
        py: 1,
        border: 1,
        borderColor: isDragging ? "primary.main" : "divider",
        borderRadius: 2,
        bgcolor: "background.paper",
        boxShadow: isDragging ? "0 8px 24px rgba(31, 36, 51, 0.16)" : "none",
        position: "relative",
        zIndex: isDragging ? 1 : "auto",
      }}
    >
      {!readOnly && (
        <IconButton
          ref={setActivatorNodeRef}
          size="small"
          aria-label={`「${item.name || nameLabel}」を並べ替える`}
          sx={{ cursor: "grab", color: "text.secondary", touchAction: "none" }}
          {...attributes}
          {...listeners}
        >
          <DragIndicatorOutlined fontSize="small" />
        </IconButton>
      )}
      <Typography
        variant="caption"
        sx={{ color: "text.secondary", fontWeight: 700, minWidth: 64, flexShrink: 0, whiteSpace: "nowrap" }}
      >
        {prefix(index)}
      </Typography>
      {readOnly ? (
        <Typography
          sx={{
            flexGrow: 1,
            fontWeight: 600,
            minWidth: 0,
            order: { xs: 1, sm: 0 },
            flexBasis: { xs: "100%", sm: "auto" },
          }}
        >
          {item.name}
        </Typography>
      ) : (
        <TextField
          size="small"
          value={item.name}
          onChange={(event) => onRename(event.target.value)}
          error={empty}
          helperText={empty ? `${nameLabel}を入力してください` : undefined}
          slotProps={{ htmlInput: { "aria-label": `${nameLabel}（${index + 1}番目）`, maxLength } }}
          sx={{ flexGrow: 1, minWidth: { sm: 160 }, order: { xs: 1, sm: 0 }, flexBasis: { xs: "100%", sm: "auto" } }}
        />
      )}
      {item.id ? (
        <Chip
          size="small"
          variant="outlined"
          label={countLabel(item.count)}
          sx={{ flexShrink: 0, ml: { xs: "auto", sm: 0 }, color: item.count ? "text.primary" : "text.secondary" }}
        />
      ) : (
        <Chip
          size="small"
          color="primary"
          variant="outlined"
          label="未保存"
          sx={{ flexShrink: 0, ml: { xs: "auto", sm: 0 } }}
        />
      )}
      {!readOnly && (
        <Tooltip title="削除">
          <IconButton size="small" aria-label={`「${item.name || nameLabel}」を削除`} onClick={onRemove}>
            <DeleteOutlineOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}

function AddRow({ items, onChange, nameLabel, addLabel, addPlaceholder, maxItems, maxLength }: SortableNameListProps) {
  const [name, setName] = useState("");
  const full = items.length >= maxItems;
  const add = () => {
    const trimmed = name.trim();
    if (!trimmed || full) return;
    onChange([...items, newDraftItem(trimmed)]);
    setName("");
  };
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        add();
      }}
      sx={{ display: "flex", gap: 1.5, mt: 2, alignItems: "flex-start" }}
    >
      <TextField
        size="small"
        label={`新しい${nameLabel}`}
        placeholder={addPlaceholder}
        value={name}
        disabled={full}
        onChange={(event) => setName(event.target.value)}
        helperText={full ? `${maxItems}件までです` : undefined}
        slotProps={{ htmlInput: { maxLength } }}
      />
      <Button
        type="submit"
        variant="outlined"
        startIcon={<AddOutlined />}
        disabled={!name.trim() || full}
        sx={{ flexShrink: 0, height: 40 }}
      >
        {addLabel}
      </Button>
    </Box>
  );
}
