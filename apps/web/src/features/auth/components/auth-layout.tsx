import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { Outlet } from "@tanstack/react-router";
import { TasukiWordmark } from "../../../components/tasuki-wordmark.tsx";
import { useClientConfig } from "../../system/api/get-client-config.ts";

/** The frame of the pages before sign-in: the wordmark, a centred card, and the legal links. */
export function AuthLayout() {
  const config = useClientConfig();
  const links = config.data?.links;
  return (
    <Box
      sx={{
        minHeight: "100vh",
        display: "flex",
        flexDirection: "column",
        alignItems: "center",
        px: 2,
        py: { xs: 4, sm: 6 },
        background: "linear-gradient(180deg, #eef0fb 0%, #f5f6fa 45%, #f5f6fa 100%)",
      }}
    >
      <Box sx={{ mb: { xs: 3, sm: 4 } }}>
        <TasukiWordmark size="large" />
      </Box>
      <Box component="main" sx={{ width: "100%", display: "flex", justifyContent: "center" }}>
        <Outlet />
      </Box>
      <Box component="footer" sx={{ mt: "auto", pt: 5, textAlign: "center" }}>
        {links && (
          <Box
            component="nav"
            aria-label="規約とお問い合わせ"
            sx={{ display: "flex", gap: 2.5, justifyContent: "center", flexWrap: "wrap", mb: 1 }}
          >
            {[
              { href: links.terms, label: "利用規約" },
              { href: links.privacy, label: "プライバシーポリシー" },
              { href: links.company, label: "運営会社" },
              { href: links.contact, label: "お問い合わせ" },
            ].map((link) => (
              <Link
                key={link.label}
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                variant="caption"
                underline="hover"
                sx={{ color: "text.secondary" }}
              >
                {link.label}
              </Link>
            ))}
          </Box>
        )}
        <Typography variant="caption" sx={{ color: "text.disabled" }}>
          © Tasuki
        </Typography>
      </Box>
    </Box>
  );
}
