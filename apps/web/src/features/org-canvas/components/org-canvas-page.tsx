import AccountTreeOutlined from "@mui/icons-material/AccountTreeOutlined";
import AddOutlined from "@mui/icons-material/AddOutlined";
import ImageOutlined from "@mui/icons-material/ImageOutlined";
import SearchOutlined from "@mui/icons-material/SearchOutlined";
import Autocomplete, { createFilterOptions } from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormControlLabel from "@mui/material/FormControlLabel";
import InputAdornment from "@mui/material/InputAdornment";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useNavigate } from "@tanstack/react-router";
import type { GroupNode } from "@tasuki/contract/group/group.schema";
import { ReactFlowProvider } from "@xyflow/react";
import { useCallback, useMemo, useRef, useState } from "react";
import { EmptyState } from "../../../components/empty-state.tsx";
import { ErrorState } from "../../../components/error-state.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { PageLoader } from "../../../components/page-loader.tsx";
import { ButtonLink } from "../../../components/router-link.tsx";
import { fileDateStamp } from "../../../lib/date.ts";
import { useSignedInSession } from "../../../session/session.ts";
import { useGroupTreeWithMembers } from "../../group/api/list-group-tree.ts";
import { useWorkspace } from "../../workspace/api/get-workspace.ts";
import { ancestorNames } from "../ancestor-names.ts";
import { createCanvasMarkStore } from "../canvas-marks.ts";
import { LayerLegend } from "./layer-legend.tsx";
import { OrgChart, type OrgChartHandle } from "./org-chart.tsx";

/** Tall enough to work in, short enough that the page does not scroll under the tabs and the header. */
const frameHeight = { xs: 520, md: "max(480px, calc(100vh - 330px))" };

function CanvasFrame({ children, ready }: { children: React.ReactNode; ready?: boolean }) {
  return (
    <Box
      data-testid="org-canvas-frame"
      data-ready={ready ? "true" : undefined}
      sx={{ height: frameHeight, position: "relative" }}
    >
      {children}
    </Box>
  );
}

interface SearchOption {
  id: string;
  name: string;
  path: string;
}

const filterOptions = createFilterOptions<SearchOption>({
  stringify: (option) => `${option.name} ${option.path}`,
  limit: 50,
});

/** /organization/canvas: the org chart of the current workspace. */
export function OrgCanvasPage({ focusGroupId }: { focusGroupId?: string }) {
  const session = useSignedInSession();
  const workspaceUser = session.workspaceUser!;
  const workspaceId = workspaceUser.workspace_id;
  const canMove = workspaceUser.permissions.includes("manage_groups");
  const tree = useGroupTreeWithMembers(workspaceId);
  const workspace = useWorkspace(workspaceId);
  const navigate = useNavigate();
  const [marks] = useState(createCanvasMarkStore);
  const chart = useRef<OrgChartHandle>(null);
  const [stackLeaves, setStackLeaves] = useState(true);
  const [ready, setReady] = useState(false);
  const [exporting, setExporting] = useState(false);

  const groups = tree.data?.items;
  const options = useMemo<SearchOption[]>(() => {
    if (!groups) return [];
    const paths = ancestorNames(groups);
    return groups.map((group) => ({ id: group.id, name: group.name, path: (paths.get(group.id) ?? []).join(" › ") }));
  }, [groups]);

  const openStaff = useCallback(
    (staffId: string) => void navigate({ to: "/organization/staff", search: { staff_id: staffId } }),
    [navigate],
  );

  const onReady = useCallback(() => {
    performance.mark("org-canvas-ready");
    setReady(true);
    if (focusGroupId) chart.current?.focusGroup(focusGroupId);
  }, [focusGroupId]);

  const exportPng = () => {
    const name = workspace.data?.name ?? "";
    const date = fileDateStamp();
    void chart.current?.exportPng(`組織図${name ? `_${name}` : ""}_${date}.png`);
  };

  const hasGroups = Boolean(groups?.length);
  const header = (
    <PageHeader
      title="組織図"
      description={
        canMove
          ? "グループをクリックするとメンバーを表示します。ドラッグして別のグループに重ねると、その配下へ移動できます。"
          : "グループをクリックするとメンバーを表示します。"
      }
      actions={
        hasGroups && (
          <Button
            variant="outlined"
            startIcon={<ImageOutlined />}
            onClick={exportPng}
            loading={exporting}
            loadingPosition="start"
            disabled={!ready}
          >
            画像として保存
          </Button>
        )
      }
    />
  );

  // The layers come with the workspace; without them the chart still draws, by depth.
  if (tree.isPending || (workspace.isPending && workspace.fetchStatus !== "idle")) {
    return (
      <>
        {header}
        <CanvasFrame>
          <Box
            sx={{
              height: "100%",
              border: 1,
              borderColor: "divider",
              borderRadius: 3,
              bgcolor: "#f7f8fb",
              display: "grid",
            }}
          >
            <PageLoader label="組織図を読み込み中…" />
          </Box>
        </CanvasFrame>
      </>
    );
  }

  if (tree.isError) {
    return (
      <>
        {header}
        <ErrorState error={tree.error} title="組織図を読み込めませんでした" onRetry={() => void tree.refetch()} />
      </>
    );
  }

  if (!groups?.length) {
    return (
      <>
        {header}
        <EmptyState
          icon={<AccountTreeOutlined />}
          title="グループがまだありません"
          description={
            canMove
              ? "組織定義でグループを作成すると、ここに組織図が表示されます。"
              : "グループが作成されると、ここに組織図が表示されます。グループの作成は管理者にご依頼ください。"
          }
          action={
            canMove && (
              <ButtonLink to="/organization/definition/group" variant="contained" startIcon={<AddOutlined />}>
                グループを作成する
              </ButtonLink>
            )
          }
        />
      </>
    );
  }

  return (
    <ReactFlowProvider>
      {header}
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 2, mb: 1.5 }}>
        <Autocomplete<SearchOption>
          options={options}
          filterOptions={filterOptions}
          getOptionLabel={(option) => option.name}
          getOptionKey={(option) => option.id}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          onChange={(_event, option) => {
            if (option) chart.current?.focusGroup(option.id);
          }}
          noOptionsText="該当するグループはありません"
          clearText="クリア"
          openText="開く"
          closeText="閉じる"
          size="small"
          sx={{ width: { xs: "100%", sm: 320 } }}
          renderOption={({ key, ...props }, option) => (
            <li key={key} {...props}>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {option.name}
                </Typography>
                {option.path && (
                  <Typography variant="caption" sx={{ color: "text.secondary" }}>
                    {option.path}
                  </Typography>
                )}
              </Box>
            </li>
          )}
          renderInput={(params) => (
            <TextField
              {...params}
              label="グループを検索"
              placeholder="グループ名"
              slotProps={{
                ...params.slotProps,
                input: {
                  ...params.slotProps.input,
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchOutlined fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
            />
          )}
        />
        <FormControlLabel
          control={<Switch checked={stackLeaves} onChange={(event) => setStackLeaves(event.target.checked)} />}
          label="下位のグループを縦に並べる"
          slotProps={{ typography: { variant: "body2" } }}
        />
        <Box sx={{ display: "flex", alignItems: "center", gap: 2, ml: { md: "auto" } }}>
          <LayerLegend groups={groups} groupTypes={workspace.data?.group_types ?? []} />
          <Typography variant="body2" sx={{ color: "text.secondary", whiteSpace: "nowrap" }}>
            計{groups.length}グループ
          </Typography>
        </Box>
      </Box>
      <CanvasFrame ready={ready}>
        <OrgChart
          ref={chart}
          groups={groups as GroupNode[]}
          groupTypes={workspace.data?.group_types ?? []}
          canMove={canMove}
          stackLeaves={stackLeaves}
          marks={marks}
          onOpenStaff={openStaff}
          onReady={onReady}
          onExportingChange={setExporting}
        />
      </CanvasFrame>
    </ReactFlowProvider>
  );
}
