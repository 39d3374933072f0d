import { jaJP } from "@mui/material/locale";
import { alpha, createTheme } from "@mui/material/styles";
import { MENU_MAX_HEIGHT_PX } from "./constants.ts";

export const FONT_FAMILY = ['"Noto Sans JP"', '"Hiragino Sans"', '"Yu Gothic UI"', "Meiryo", "sans-serif"].join(", ");

const indigo = { main: "#3949ab", light: "#6f74dd", dark: "#00227b", contrastText: "#ffffff" };

/**
 * A calm, business-like look: indigo for actions, soft grey surfaces, generous line height for
 * Japanese text. jaJP translates MUI's built-in labels (pagination, pickers, "no data").
 */
export const theme = createTheme(
  {
    palette: {
      mode: "light",
      primary: indigo,
      secondary: { main: "#00897b" },
      background: { default: "#f5f6fa", paper: "#ffffff" },
      text: { primary: "#1f2433", secondary: "#5b6275" },
      divider: "#e3e6ee",
      success: { main: "#2e7d5b" },
      warning: { main: "#b7791f" },
      error: { main: "#c62f3e" },
      info: { main: "#2f6fb5" },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: FONT_FAMILY,
      fontSize: 14,
      h1: { fontSize: "1.75rem", fontWeight: 700, letterSpacing: "0.02em" },
      h2: { fontSize: "1.5rem", fontWeight: 700, letterSpacing: "0.02em" },
      h3: { fontSize: "1.25rem", fontWeight: 700 },
      h4: { fontSize: "1.125rem", fontWeight: 700 },
      h5: { fontSize: "1rem", fontWeight: 700 },
      h6: { fontSize: "0.9375rem", fontWeight: 700 },
      subtitle1: { fontWeight: 600 },
      subtitle2: { fontWeight: 600, color: "#5b6275" },
      body1: { lineHeight: 1.75 },
      body2: { lineHeight: 1.7 },
      button: { textTransform: "none", fontWeight: 600, letterSpacing: "0.04em" },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          body: { WebkitFontSmoothing: "antialiased", fontFeatureSettings: '"palt" 1' },
        },
      },
      MuiButton: {
        defaultProps: { disableElevation: true },
        // A Japanese label has a break opportunity between any two characters: squeezed in a row on the phone,
        // 「再読み込み」 stacked one character a line. A label stays on one line; rows that hold buttons wrap instead.
        styleOverrides: {
          root: { borderRadius: 8, paddingInline: 18, whiteSpace: "nowrap" },
          sizeLarge: { minHeight: 46 },
        },
      },
      MuiToggleButton: { styleOverrides: { root: { whiteSpace: "nowrap" } } },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiOutlinedInput: {
        styleOverrides: { root: { backgroundColor: "#ffffff" } },
      },
      MuiPaper: {
        defaultProps: { elevation: 0 },
        styleOverrides: { outlined: { borderColor: "#e3e6ee" } },
      },
      MuiCard: {
        defaultProps: { variant: "outlined" },
        styleOverrides: { root: { borderRadius: 12 } },
      },
      MuiMenu: {
        styleOverrides: {
          paper: {
            maxHeight: MENU_MAX_HEIGHT_PX,
            border: "1px solid #e3e6ee",
            boxShadow: "0 8px 24px rgba(31, 36, 51, 0.12)",
          },
        },
      },
      MuiPopover: {
        styleOverrides: { paper: { border: "1px solid #e3e6ee", boxShadow: "0 8px 24px rgba(31, 36, 51, 0.12)" } },
      },
      MuiListItemButton: {
        styleOverrides: {
          root: {
            borderRadius: 8,
            "&.Mui-selected": {
              backgroundColor: alpha(indigo.main, 0.1),
              color: indigo.main,
              "& .MuiListItemIcon-root": { color: indigo.main },
            },
            "&.Mui-selected:hover": { backgroundColor: alpha(indigo.main, 0.14) },
          },
        },
      },
      MuiListItemIcon: { styleOverrides: { root: { minWidth: 36 } } },
      MuiStepLabel: {
        // Four Japanese step names must fit side by side in a 560px card.
        styleOverrides: { label: { fontSize: 12.5, "&.MuiStepLabel-alternativeLabel": { marginTop: 8 } } },
      },
      MuiTab: { styleOverrides: { root: { fontWeight: 600, minHeight: 44 } } },
      MuiTooltip: { defaultProps: { arrow: true } },
      MuiAlert: { styleOverrides: { root: { borderRadius: 8 } } },
      MuiDialogTitle: { styleOverrides: { root: { fontWeight: 700 } } },
    },
  },
  jaJP,
);
