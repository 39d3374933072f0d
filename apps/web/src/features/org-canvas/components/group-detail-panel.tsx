import CloseOutlined from "@mui/icons-material/CloseOutlined";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Divider from "@mui/material/Divider";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { GroupNode } from "@tasuki/contract/group/group.schema";
import { displayName } from "../../../lib/person.ts";
import type { LayerStyle } from "../layer-style.ts";
import type { StaffRef } from "../member-strip.ts";
import { CanvasAvatar } from "./canvas-avatar.tsx";

/** A long member list is cut here; the rest are counted (2,000 list items would make the panel sluggish). */
export const PANEL_MEMBER_LIMIT = 100;

function PersonRow({ person, tag, onOpen }: { person: StaffRef; tag?: string; onOpen: (id: string) => void }) {
  return (
    <ListItemButton dense onClick={() => onOpen(person.id)} sx={{ gap: 1.5, py: 0.75 }}>
      <CanvasAvatar person={person} size={32} />
      <ListItemText
        primary={displayName(person)}
        slotProps={{ primary: { variant: "body2", sx: { fontWeight: tag ? 700 : 500 } } }}
      />
      {tag && <Chip label={tag} size="small" color="primary" variant="outlined" />}
    </ListItemButton>
  );
}

/** The group whose node was clicked: its place in the tree, its leader and its members, each opening their staff record. */
export function GroupDetailPanel({
  group,
  layer,
  path,
  onClose,
  onOpenStaff,
}: {
  group: GroupNode;
  layer: LayerStyle | null;
  path: string[];
  onClose: () => void;
  onOpenStaff: (id: string) => void;
}) {
  const members = (group.members ?? []).filter((member) => member.id !== group.leader?.id);
  const shown = members.slice(0, PANEL_MEMBER_LIMIT);
  const hidden = members.length - shown.length;
  const titleId = `org-group-panel-${group.id}`;

  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{
        position: "absolute",
        top: 12,
        right: 12,
        bottom: 12,
        width: { xs: "calc(100% - 24px)", sm: 320 },
        zIndex: 10,
        display: "flex",
        flexDirection: "column",
        boxShadow: "0 8px 24px rgba(31, 36, 51, 0.14)",
        overflow: "hidden",
      }}
    >
      <Box
        sx={{
          display: "flex",
          alignItems: "flex-start",
          gap: 1,
          p: 2,
          pb: 1.5,
          borderTop: 4,
          borderColor: layer?.colour ?? "grey.400",
        }}
      >
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          {layer && (
            <Typography variant="caption" sx={{ color: layer.colour, fontWeight: 700 }}>
              {layer.name}
            </Typography>
          )}
          <Typography id={titleId} variant="h4" component="h2" sx={{ wordBreak: "break-all" }}>
            {group.name}
          </Typography>
          {path.length > 0 && (
            <Typography variant="caption" sx={{ color: "text.secondary", display: "block" }}>
              {path.join(" › ")}
            </Typography>
          )}
        </Box>
        <IconButton aria-label="閉じる" onClick={onClose} size="small" edge="end">
          <CloseOutlined fontSize="small" />
        </IconButton>
      </Box>
      <Divider />
      <Box sx={{ overflowY: "auto", flexGrow: 1 }}>
        <Typography variant="subtitle2" sx={{ px: 2, pt: 1.5 }}>
          責任者
        </Typography>
        {group.leader ? (
          <List dense disablePadding sx={{ px: 0.5 }}>
            <PersonRow person={group.leader} tag="責任者" onOpen={onOpenStaff} />
          </List>
        ) : (
          <Typography variant="body2" sx={{ px: 2, py: 1, color: "text.secondary" }}>
            未設定
          </Typography>
        )}
        <Typography variant="subtitle2" sx={{ px: 2, pt: 1.5 }}>
          メンバー（{group.member_count}名）
        </Typography>
        {shown.length === 0 ? (
          <Typography variant="body2" sx={{ px: 2, py: 1, color: "text.secondary" }}>
            {group.leader ? "責任者のほかにメンバーはいません" : "メンバーはいません"}
          </Typography>
        ) : (
          <List dense disablePadding sx={{ px: 0.5, pb: 1 }} aria-label={`${group.name} のメンバー`}>
            {shown.map((member) => (
              <PersonRow key={member.id} person={member} onOpen={onOpenStaff} />
            ))}
          </List>
        )}
        {hidden > 0 && (
          <Typography variant="body2" sx={{ px: 2, pb: 2, color: "text.secondary" }}>
            他{hidden}名
          </Typography>
        )}
      </Box>
    </Paper>
  );
}
