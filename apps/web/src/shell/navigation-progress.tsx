import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import { useRouterState } from "@tanstack/react-router";
import { Delayed } from "../components/delayed.tsx";

/** A thin bar along the top edge while a navigation loads, shown only when it takes a while. */
export function NavigationProgress() {
  const loading = useRouterState({ select: (state) => state.status === "pending" });
  if (!loading) return null;
  return (
    <Delayed>
      <Box sx={{ position: "fixed", top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.appBar + 10 }}>
        <LinearProgress sx={{ height: 3 }} aria-label="読み込み中" />
      </Box>
    </Delayed>
  );
}
