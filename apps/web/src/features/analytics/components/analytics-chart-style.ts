// Japanese text is taller than the axes' default room: without it the tick labels are clipped away.
export const AXIS_HEIGHT = 30;
/** Axes that count tasks: a tick every whole task, never 0.5 (the charts' own scale halves a small maximum). */
export const COUNT_AXIS = { tickMinStep: 1 } as const;
export const chartText = { noData: "表示できるデータがありません", loading: "読み込み中…" };
export const COLORS = { created: "#9fa8da", completed: "#3949ab", overdue: "#c62f3e", open: "#5c6bc0" };
export const slash = (iso: string) => iso.replaceAll("-", "/");
export const shortDate = (iso: string) => `${Number(iso.slice(5, 7))}/${Number(iso.slice(8, 10))}`;
