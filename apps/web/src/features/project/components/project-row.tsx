import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import ArchiveOutlined from "@mui/icons-material/ArchiveOutlined";
import CalendarTodayOutlined from "@mui/icons-material/CalendarTodayOutlined";
import DeleteOutlineOutlined from "@mui/icons-material/DeleteOutlineOutlined";
import DragIndicatorOutlined from "@mui/icons-material/DragIndicatorOutlined";
import EditOutlined from "@mui/icons-material/EditOutlined";
import GroupsOutlined from "@mui/icons-material/GroupsOutlined";
import MoreVertOutlined from "@mui/icons-material/MoreVertOutlined";
import UnarchiveOutlined from "@mui/icons-material/UnarchiveOutlined";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Typography from "@mui/material/Typography";
import type { Project } from "@tasuki/contract/project/project.schema";
import { memo, useState } from "react";
import { PersonAvatar } from "../../../components/person-avatar.tsx";
import { RouterLink } from "../../../components/router-link.tsx";
import { formatSlashDate } from "../../../lib/date.ts";
import { displayName } from "../../../lib/person.ts";
import { periodLabel } from "../../../lib/project-sections.ts";

export type ProjectAction = "edit" | "archive" | "unarchive" | "delete";

export const STATUS_LABELS: Record<Project["status"], string> = { active: "進行中", archived: "アーカイブ" };

/** One project: colour, name, manager, members, period and status; drag its handle to reorder. */
export const ProjectRow = memo(function ProjectRow({
  project,
  canEdit,
  canManage,
  canDrag,
  onAction,
}: {
  project: Project;
  /** Edit and archive: manage_projects or the project's manager. */
  canEdit: boolean;
  /** Delete: manage_projects. */
  canManage: boolean;
  canDrag: boolean;
  onAction: (action: ProjectAction, project: Project) => void;
}) {
  const sortable = useSortable({ id: project.id, disabled: !canDrag });
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const archived = project.status === "archived";
  const act = (action: ProjectAction) => {
    setMenuAnchor(null);
    onAction(action, project);
  };
  return (
    <Box
      component="li"
      ref={sortable.setNodeRef}
      aria-label={project.name}
      style={{ transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition }}
      sx={{
        display: "grid",
        gridTemplateColumns: {
          xs: "auto minmax(0, 1fr) auto",
          md: "auto minmax(0, 1fr) 150px 80px 190px 96px auto",
        },
        alignItems: "center",
        columnGap: 1.5,
        px: 1.5,
        py: 1.25,
        borderBottom: 1,
        borderColor: "divider",
        bgcolor: sortable.isDragging ? "#f3f4fb" : "background.paper",
        position: "relative",
        zIndex: sortable.isDragging ? 2 : "auto",
        boxShadow: sortable.isDragging ? "0 8px 24px rgba(31, 36, 51, 0.16)" : "none",
        opacity: archived ? 0.75 : 1,
        "&:last-of-type": { borderBottom: 0 },
      }}
    >
      <Box sx={{ display: "flex", alignItems: "center", gap: 0.5 }}>
        {canDrag ? (
          <IconButton
            ref={sortable.setActivatorNodeRef}
            size="small"
            aria-label={`「${project.name}」を並べ替える`}
            sx={{ cursor: "grab", color: "text.secondary", touchAction: "none" }}
            {...sortable.attributes}
            {...sortable.listeners}
          >
            <DragIndicatorOutlined fontSize="small" />
          </IconButton>
        ) : (
          <Box sx={{ width: 4 }} />
        )}
        <Box
          aria-hidden
          sx={{ width: 12, height: 12, borderRadius: "50%", bgcolor: project.color, flexShrink: 0, mx: 0.5 }}
        />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        {/* The name opens the project's tasks: where a new project's plan is made. */}
        <RouterLink
          to="/task/project"
          search={{ project_id: project.id }}
          underline="hover"
          color="inherit"
          noWrap
          sx={{ display: "block", fontWeight: 700, fontSize: 14 }}
        >
          {project.name}
        </RouterLink>
        {project.description && (
          <Typography variant="caption" sx={{ color: "text.secondary", display: "block" }} noWrap>
            {project.description}
          </Typography>
        )}
        {/* Phones: the details under the name. */}
        <Typography variant="caption" sx={{ color: "text.secondary", display: { xs: "block", md: "none" } }}>
          {[
            project.manager ? displayName(project.manager) : "責任者未設定",
            `${project.members.length}人`,
            periodLabel(project.starts_on, project.ends_on, (date) => formatSlashDate(date)),
            STATUS_LABELS[project.status],
          ].join("・")}
        </Typography>
      </Box>
      <Box sx={{ display: { xs: "none", md: "flex" }, alignItems: "center", gap: 0.75, minWidth: 0 }}>
        {project.manager ? (
          <>
            <PersonAvatar person={project.manager} size={24} />
            <Typography variant="body2" noWrap title={`責任者：${displayName(project.manager)}`}>
              {displayName(project.manager)}
            </Typography>
          </>
        ) : (
          <Typography variant="caption" sx={{ color: "text.secondary" }}>
            責任者未設定
          </Typography>
        )}
      </Box>
      <Box
        sx={{ display: { xs: "none", md: "flex" }, alignItems: "center", gap: 0.5, color: "text.secondary" }}
        title="メンバー数"
      >
        <GroupsOutlined sx={{ fontSize: 18 }} />
        <Typography variant="body2">{project.members.length}人</Typography>
      </Box>
      <Box sx={{ display: { xs: "none", md: "flex" }, alignItems: "center", gap: 0.75, color: "text.secondary" }}>
        <CalendarTodayOutlined sx={{ fontSize: 15 }} />
        <Typography variant="body2" sx={{ fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" }}>
          {periodLabel(project.starts_on, project.ends_on, (date) => formatSlashDate(date))}
        </Typography>
      </Box>
      <Box sx={{ display: { xs: "none", md: "block" } }}>
        <Chip
          size="small"
          label={STATUS_LABELS[project.status]}
          color={archived ? "default" : "success"}
          variant={archived ? "outlined" : "filled"}
          sx={{ fontWeight: 600 }}
        />
      </Box>
      <Box sx={{ width: 34 }}>
        {canEdit && (
          <>
            <IconButton
              size="small"
              aria-label={`「${project.name}」の操作`}
              aria-haspopup="menu"
              onClick={(event) => setMenuAnchor(event.currentTarget)}
            >
              <MoreVertOutlined fontSize="small" />
            </IconButton>
            <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
              <MenuItem onClick={() => act("edit")}>
                <ListItemIcon>
                  <EditOutlined fontSize="small" />
                </ListItemIcon>
                編集
              </MenuItem>
              {archived ? (
                <MenuItem onClick={() => act("unarchive")}>
                  <ListItemIcon>
                    <UnarchiveOutlined fontSize="small" />
                  </ListItemIcon>
                  アーカイブを解除
                </MenuItem>
              ) : (
                <MenuItem onClick={() => act("archive")}>
                  <ListItemIcon>
                    <ArchiveOutlined fontSize="small" />
                  </ListItemIcon>
                  アーカイブ
                </MenuItem>
              )}
              {canManage && (
                <MenuItem onClick={() => act("delete")} sx={{ color: "error.main" }}>
                  <ListItemIcon sx={{ color: "inherit" }}>
                    <DeleteOutlineOutlined fontSize="small" />
                  </ListItemIcon>
                  削除
                </MenuItem>
              )}
            </Menu>
          </>
        )}
      </Box>
    </Box>
  );
});
