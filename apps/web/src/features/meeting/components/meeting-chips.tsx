import Chip from "@mui/material/Chip";
import type { MeetingType } from "@tasuki/contract/meeting/meeting.schema";
import { MEETING_TYPE_LABELS } from "@tasuki/contract/meeting/meeting.schema";

/** A router link around a row: the row's own styles decide its look. */
export const plainLink = { display: "block", color: "inherit", textDecoration: "none" } as const;
export const TYPE_COLORS: Record<MeetingType, string> = {
  regular: "#2f6fb5",
  one_on_one: "#00897b",
  project: "#8e24aa",
  other: "#5b6275",
};

export const meetingTypeChip = (type: MeetingType) => (
  <Chip
    size="small"
    label={MEETING_TYPE_LABELS[type]}
    sx={{ bgcolor: TYPE_COLORS[type], color: "#fff", height: 20, fontSize: 12 }}
  />
);

/** An agenda entry or action item carried over from the previous meeting of the series. */
export const carriedChip = (
  <Chip size="small" variant="outlined" color="warning" label="前回から持ち越し" sx={{ height: 20 }} />
);
