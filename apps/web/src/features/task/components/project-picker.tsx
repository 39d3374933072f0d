import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import type { Project } from "@tasuki/contract/project/project.schema";

/** プロジェクト tab: which project's plan (大項目・中項目・タスク) to show. */
export function ProjectPicker({
  projects,
  loading,
  value,
  onChange,
}: {
  projects: readonly Project[];
  loading: boolean;
  value: string | undefined;
  onChange: (projectId: string | undefined) => void;
}) {
  const selected = projects.find((project) => project.id === value) ?? null;
  return (
    <Autocomplete<Project, false>
      options={projects as Project[]}
      loading={loading}
      value={selected}
      onChange={(_, project) => onChange(project?.id)}
      getOptionLabel={(project) => project.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      groupBy={(project) => project.group?.name ?? "グループなし"}
      noOptionsText="参加しているプロジェクトはありません"
      loadingText="読み込み中…"
      renderOption={(props, project) => {
        const { key, ...rest } = props;
        return (
          <Box component="li" key={key} {...rest} sx={{ display: "flex", gap: 1, alignItems: "center" }}>
            <Box
              aria-hidden
              sx={{ width: 10, height: 10, borderRadius: "3px", bgcolor: project.color, flexShrink: 0 }}
            />
            <Typography variant="body2">{project.name}</Typography>
            {project.status === "archived" && (
              <Typography variant="caption" sx={{ color: "text.secondary" }}>
                アーカイブ
              </Typography>
            )}
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField {...params} size="small" label="プロジェクト" placeholder="プロジェクトを選択" />
      )}
      sx={{ maxWidth: 420 }}
    />
  );
}
