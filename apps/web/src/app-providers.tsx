import CssBaseline from "@mui/material/CssBaseline";
import GlobalStyles from "@mui/material/GlobalStyles";
import { ThemeProvider } from "@mui/material/styles";
import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ToastContainer } from "react-toastify";
import { StaffSearchProvider } from "./components/staff-picker.tsx";
import { TemplateEntryPointsProvider } from "./components/template-entry-points.ts";
import { useTemplateEntryPointDialogs } from "./features/template/components/template-entry-points.tsx";
import { useStaffSearch } from "./features/workspace-user/api/use-staff-search.ts";
import { TOAST_AUTO_CLOSE_MS, TOAST_MIN_HEIGHT_PX } from "./lib/constants.ts";
import { queryClient } from "./lib/query-client.ts";
import { FONT_FAMILY, theme } from "./lib/theme.ts";

const toastStyles = {
  ":root": {
    "--toastify-toast-min-height": `${TOAST_MIN_HEIGHT_PX}px`,
    "--toastify-font-family": FONT_FAMILY,
    "--toastify-color-info": theme.palette.info.main,
    "--toastify-color-success": theme.palette.success.main,
    "--toastify-color-warning": theme.palette.warning.main,
    "--toastify-color-error": theme.palette.error.main,
    "--toastify-toast-width": "380px",
  },
  ".Toastify__toast": { minHeight: TOAST_MIN_HEIGHT_PX, borderRadius: 8, fontSize: 14, lineHeight: 1.6 },
} as const;

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <GlobalStyles styles={toastStyles} />
        <StaffSearchProvider value={useStaffSearch}>
          <TemplateEntryPointsProvider value={useTemplateEntryPointDialogs}>{children}</TemplateEntryPointsProvider>
        </StaffSearchProvider>
        <ToastContainer
          // Bottom right keeps the header (workspace switcher, user menu) clickable while a toast is up.
          position="bottom-right"
          autoClose={TOAST_AUTO_CLOSE_MS}
          newestOnTop
          closeOnClick={false}
          pauseOnHover
          // Durations are part of the specification; they run whether or not the window has focus.
          pauseOnFocusLoss={false}
          theme="colored"
        />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
