import { toTokyo } from "../../../lib/date.ts";
import { addDaysTo } from "./date-moves.ts";

/** A row's height and the header's, in pixels. */
export const GANTT_ROW = 32;
export const GANTT_HEADER = 44;
/** Days the chart spans: 16 weeks from two weeks before the date shown. */
export const CHART_DAYS = 112;
export const STEP_DAYS = 28;
export const PROGRESS_COLOR = "#e53935";

export const todayInTokyo = () => toTokyo(new Date()).format("YYYY-MM-DD");
export const mondayBefore = (date: string) => addDaysTo(date, -((toTokyo(date).day() + 6) % 7));
