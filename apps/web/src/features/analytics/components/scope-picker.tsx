import ListSubheader from "@mui/material/ListSubheader";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { useNavigate } from "@tanstack/react-router";
import type { AnalyticsScopeKind, AnalyticsScopes } from "@tasuki/contract/analytics/analytics.schema";
import type { ReactNode } from "react";
import type { AnalyticsSearch } from "../analytics-search.ts";
import { SCOPE_LABELS, SCOPE_PATHS } from "./analytics-scopes.ts";

export function ScopePicker({
  scopes,
  kind,
  id,
  search,
  meId,
}: {
  scopes: AnalyticsScopes | undefined;
  kind: AnalyticsScopeKind;
  id: string;
  search: AnalyticsSearch;
  meId: string;
}) {
  const navigate = useNavigate();
  const value = `${kind}:${id}`;
  const options: { value: string; label: string; header?: string; depth?: number }[] = [];
  if (scopes?.workspace)
    options.push({ value: `workspace:${scopes.workspace.id}`, label: scopes.workspace.name, header: "ワークスペース" });
  const depthOf = new Map<string, number>();
  for (const group of scopes?.groups ?? []) {
    const depth = group.parent_id && depthOf.has(group.parent_id) ? depthOf.get(group.parent_id)! + 1 : 0;
    depthOf.set(group.id, depth);
  }
  // Groups in tree order: each parent followed by its children.
  const children = new Map<string | null, NonNullable<AnalyticsScopes["groups"]>>();
  for (const group of scopes?.groups ?? []) {
    const parent = group.parent_id && depthOf.has(group.parent_id) ? group.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), group]);
  }
  const walk = (parent: string | null, depth: number, first: { done: boolean }) => {
    for (const group of children.get(parent) ?? []) {
      options.push({
        value: `group:${group.id}`,
        label: group.name,
        depth,
        ...(first.done ? {} : { header: "グループ" }),
      });
      first.done = true;
      walk(group.id, depth + 1, first);
    }
  };
  walk(null, 0, { done: false });
  for (const [index, project] of (scopes?.projects ?? []).entries()) {
    options.push({ value: `project:${project.id}`, label: project.name, ...(index ? {} : { header: "プロジェクト" }) });
  }
  if (scopes?.me) {
    options.push({ value: `workspace_user:${meId}`, label: "自分が担当しているタスク", header: "自分" });
    options.push({ value: `management:${meId}`, label: "自分が管理しているタスク" });
  }
  const known = options.some((option) => option.value === value);
  const items: ReactNode[] = [];
  for (const option of options) {
    if (option.header) items.push(<ListSubheader key={`h-${option.header}`}>{option.header}</ListSubheader>);
    items.push(
      <MenuItem key={option.value} value={option.value} sx={{ pl: 2 + (option.depth ?? 0) * 2 }}>
        {option.label}
      </MenuItem>,
    );
  }
  return (
    <TextField
      select
      size="small"
      label="分析の対象"
      value={known ? value : ""}
      onChange={(event) => {
        const [nextKind, nextId] = event.target.value.split(":") as [AnalyticsScopeKind, string];
        void navigate({ to: SCOPE_PATHS[nextKind], params: { id: nextId }, search });
      }}
      sx={{ width: { xs: "100%", sm: 320 } }}
      slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 420 } } } } } }}
    >
      {known
        ? items
        : [
            <MenuItem key="current" value="" disabled>
              {SCOPE_LABELS[kind]}
            </MenuItem>,
            ...items,
          ]}
    </TextField>
  );
}
