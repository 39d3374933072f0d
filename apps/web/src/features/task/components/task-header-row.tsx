import AddOutlined from "@mui/icons-material/AddOutlined";
import BookmarkAddOutlined from "@mui/icons-material/BookmarkAddOutlined";
import ChevronRightOutlined from "@mui/icons-material/ChevronRightOutlined";
import DeleteOutlineOutlined from "@mui/icons-material/DeleteOutlineOutlined";
import DragIndicatorOutlined from "@mui/icons-material/DragIndicatorOutlined";
import EditOutlined from "@mui/icons-material/EditOutlined";
import ExpandMoreOutlined from "@mui/icons-material/ExpandMoreOutlined";
import FolderOutlined from "@mui/icons-material/FolderOutlined";
import GroupsOutlined from "@mui/icons-material/GroupsOutlined";
import LibraryAddOutlined from "@mui/icons-material/LibraryAddOutlined";
import MoreVertOutlined from "@mui/icons-material/MoreVertOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { type ReactNode, useContext, useState } from "react";
import {
  DraggableRows,
  type HeaderRowProps,
  Indent,
  InlineNameField,
  ROW_HEIGHT,
  type RowDnd,
} from "./task-list-rows.tsx";

/** Like task rows, header rows touch dnd-kit only in manual order (see RowDnd). */
export function HeaderRowView(props: HeaderRowProps) {
  const draggable = useContext(DraggableRows);
  return props.actions.draggable && draggable ? (
    <draggable.Header {...props} />
  ) : (
    <HeaderRowBody {...props} dnd={null} />
  );
}

export function HeaderRowBody({
  row,
  collapsed,
  name,
  actions,
  dropActive,
  dnd,
}: HeaderRowProps & {
  dnd: {
    setRef: (node: HTMLElement | null) => void;
    isOver: boolean;
    isDragging: boolean;
    handle: RowDnd["handle"];
  } | null;
}) {
  const isOver = dropActive && (dnd?.isOver ?? false);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  // The project tab's project row is the plan's root: its add actions stay in view, even in an empty project.
  const planRoot = row.kind === "project" && Boolean(actions.onRenameItem);
  const alwaysShowAdd = planRoot;
  const [editing, setEditing] = useState(false);
  const isItem = row.kind === "primaryItem";
  const styles = {
    group: { bg: "#eef0f8", weight: 800, size: 14 },
    project: { bg: "#f5f6fb", weight: 700, size: 14 },
    primaryItem:
      row.kind === "primaryItem" && row.level === "secondary"
        ? { bg: "#fcfcfe", weight: 600, size: 13 }
        : { bg: "#f9f9fc", weight: 700, size: 13 },
  }[row.kind];
  const itemLabel = isItem
    ? row.level === "primary"
      ? "大項目"
      : "中項目"
    : row.kind === "project"
      ? "プロジェクト"
      : "グループ";
  const title = name ?? (row.kind === "primaryItem" ? null : row.name);
  const icon: ReactNode =
    row.kind === "group" ? (
      <GroupsOutlined sx={{ fontSize: 18, color: "text.secondary" }} />
    ) : row.kind === "project" ? (
      <Box aria-hidden sx={{ width: 10, height: 10, borderRadius: "3px", bgcolor: row.color ?? "#9e9e9e", mx: 0.5 }} />
    ) : (
      <FolderOutlined sx={{ fontSize: 18, color: row.level === "primary" ? "primary.main" : "text.secondary" }} />
    );

  return (
    <Box
      ref={dnd?.setRef}
      role="row"
      aria-label={`${itemLabel} ${title ?? ""}`.trim()}
      data-kind={row.kind}
      sx={{
        display: "flex",
        alignItems: "center",
        gap: 0.75,
        height: ROW_HEIGHT[row.kind],
        px: 1,
        bgcolor: isOver ? "rgba(57, 73, 171, 0.14)" : styles.bg,
        borderBottom: 1,
        borderColor: "divider",
        opacity: dnd?.isDragging ? 0.4 : 1,
        outline: isOver ? "2px solid" : undefined,
        outlineColor: "primary.main",
        outlineOffset: -2,
        // One add action per section, shown where the pointer or the keyboard focus is (always on touch screens).
        "& .section-add": { opacity: alwaysShowAdd ? 1 : 0, transition: "opacity 120ms" },
        "&:hover .section-add, &:focus-within .section-add": { opacity: 1 },
        "@media (hover: none)": { "& .section-add": { opacity: 1 } },
      }}
    >
      {isItem && dnd && actions.onRenameItem ? (
        <Box
          ref={dnd.handle.setActivatorNodeRef}
          {...dnd.handle.listeners}
          {...dnd.handle.attributes}
          aria-label={`${title ?? itemLabel}を並べ替え`}
          sx={{
            display: "grid",
            placeItems: "center",
            cursor: "grab",
            color: "text.disabled",
            width: 28,
            touchAction: "none",
          }}
        >
          <DragIndicatorOutlined fontSize="small" />
        </Box>
      ) : (
        <Box sx={{ width: 28 }} />
      )}
      <Indent depth={row.depth} />
      <IconButton
        size="small"
        aria-label={collapsed ? `${title ?? itemLabel}を開く` : `${title ?? itemLabel}を閉じる`}
        aria-expanded={!collapsed}
        onClick={() => actions.onToggle(row.key)}
      >
        {collapsed ? <ChevronRightOutlined fontSize="small" /> : <ExpandMoreOutlined fontSize="small" />}
      </IconButton>
      {icon}
      {editing && isItem ? (
        <InlineNameField
          initial={title ?? ""}
          label={`${itemLabel}名`}
          onCancel={() => setEditing(false)}
          onSubmit={(value) => {
            setEditing(false);
            if (value !== title) actions.onRenameItem?.(row, value);
          }}
        />
      ) : (
        <Typography
          component="span"
          noWrap
          sx={{ fontWeight: styles.weight, fontSize: styles.size, minWidth: 0 }}
          onDoubleClick={() => isItem && actions.onRenameItem && setEditing(true)}
        >
          {isItem && (
            <Box component="span" sx={{ color: "text.secondary", fontWeight: 600, mr: 1, fontSize: 12 }}>
              {itemLabel}
            </Box>
          )}
          {title ?? <Skeleton component="span" variant="text" width={120} sx={{ display: "inline-block" }} />}
        </Typography>
      )}
      <Box
        component="span"
        sx={{
          fontSize: 12,
          color: "text.secondary",
          bgcolor: "rgba(0,0,0,0.05)",
          borderRadius: 8,
          px: 1,
          flexShrink: 0,
        }}
      >
        {row.count.toLocaleString("ja-JP")}件
      </Box>
      <Box sx={{ flexGrow: 1 }} />
      {actions.onStartAdd && (
        <Box className="section-add" sx={{ display: "flex", gap: 0.5, flexShrink: 0 }}>
          <SectionAddButton
            label={`${title ?? itemLabel}にタスクを追加`}
            text="タスク"
            onClick={() => actions.onStartAdd?.(row, "task")}
          />
          {planRoot && (
            <SectionAddButton
              label={`${title ?? itemLabel}に大項目を追加`}
              text="大項目"
              onClick={() => actions.onStartAdd?.(row, "primaryItem")}
            />
          )}
          {isItem && row.level === "primary" && actions.onRenameItem && (
            <SectionAddButton
              label={`${title ?? itemLabel}に中項目を追加`}
              text="中項目"
              onClick={() => actions.onStartAdd?.(row, "secondaryItem")}
            />
          )}
        </Box>
      )}
      {isItem && actions.onRenameItem && (
        <>
          <IconButton size="small" aria-label={`${title ?? itemLabel}の操作`} onClick={(e) => setMenu(e.currentTarget)}>
            <MoreVertOutlined fontSize="small" />
          </IconButton>
          <Menu open={menu !== null} anchorEl={menu} onClose={() => setMenu(null)}>
            <MenuItem
              onClick={() => {
                setMenu(null);
                setEditing(true);
              }}
            >
              <ListItemIcon>
                <EditOutlined fontSize="small" />
              </ListItemIcon>
              名前を変更
            </MenuItem>
            {actions.onAddFromTemplate && (
              <MenuItem
                onClick={() => {
                  setMenu(null);
                  actions.onAddFromTemplate?.(row);
                }}
              >
                <ListItemIcon>
                  <LibraryAddOutlined fontSize="small" />
                </ListItemIcon>
                テンプレートから追加
              </MenuItem>
            )}
            {actions.onSaveItemAsTemplate && (
              <MenuItem
                onClick={() => {
                  setMenu(null);
                  actions.onSaveItemAsTemplate?.(row);
                }}
              >
                <ListItemIcon>
                  <BookmarkAddOutlined fontSize="small" />
                </ListItemIcon>
                テンプレートとして保存
              </MenuItem>
            )}
            <MenuItem
              sx={{ color: "error.main" }}
              onClick={() => {
                setMenu(null);
                actions.onDeleteItem?.(row);
              }}
            >
              <ListItemIcon sx={{ color: "inherit" }}>
                <DeleteOutlineOutlined fontSize="small" />
              </ListItemIcon>
              削除（配下のタスクも含む）
            </MenuItem>
          </Menu>
        </>
      )}
    </Box>
  );
}

function SectionAddButton({ label, text, onClick }: { label: string; text: string; onClick: () => void }) {
  return (
    <Button
      size="small"
      startIcon={<AddOutlined />}
      aria-label={label}
      title={label}
      onClick={onClick}
      sx={{ py: 0, minHeight: 28, fontWeight: 700, whiteSpace: "nowrap" }}
    >
      {text}
    </Button>
  );
}
