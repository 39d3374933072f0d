import Box from "@mui/material/Box";
import {
  DEADLINE_COLORS,
  DEADLINE_LABELS,
  DEADLINE_ORDER,
  STATUS_LABELS,
  STATUS_ROW_COLORS,
} from "../../../lib/task-labels.ts";

/** What the row colours mean (and how to reorder); on a phone it opens from the page's menu. */
export function DeadlineLegend({ draggable, trash }: { draggable: boolean; trash: boolean }) {
  return (
    <Box
      sx={{
        display: "flex",
        flexWrap: "wrap",
        alignItems: "center",
        gap: 2,
        mb: 1.5,
        fontSize: 12,
        color: "text.secondary",
      }}
      aria-label="行の色の意味"
    >
      {DEADLINE_ORDER.map((category) => (
        <Box key={category} sx={{ display: "inline-flex", alignItems: "center", gap: 0.75 }}>
          <Box
            aria-hidden
            sx={{
              width: 14,
              height: 14,
              borderRadius: "3px",
              bgcolor: DEADLINE_COLORS[category].background,
              boxShadow: `inset 3px 0 0 ${DEADLINE_COLORS[category].accent}`,
              border: 1,
              borderColor: "divider",
            }}
          />
          {DEADLINE_LABELS[category]}
        </Box>
      ))}
      {(["in_progress", "done", "closed"] as const).map((status) => (
        <Box key={status} sx={{ display: "inline-flex", alignItems: "center", gap: 0.75 }}>
          <Box
            aria-hidden
            sx={{
              width: 14,
              height: 14,
              borderRadius: "3px",
              bgcolor: STATUS_ROW_COLORS[status]?.background ?? "#ffffff",
              boxShadow: STATUS_ROW_COLORS[status]?.accent
                ? `inset 3px 0 0 ${STATUS_ROW_COLORS[status]?.accent}`
                : undefined,
              border: 1,
              borderColor: "divider",
            }}
          />
          {STATUS_LABELS[status]}
        </Box>
      ))}
      <Box sx={{ flexGrow: 1 }} />
      {trash ? null : draggable ? (
        <span>行の左端のつまみをドラッグすると、並び順や所属する項目を変えられます。</span>
      ) : (
        <span>並び順を「並び順（ドラッグで変更）」にすると、ドラッグで並べ替えられます。</span>
      )}
    </Box>
  );
}
