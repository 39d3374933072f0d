import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import type { SnsProvider } from "@tasuki/contract/auth/auth.schema";
import { useState } from "react";
import { SNS_PROVIDER_NAMES, SnsIcon } from "../../../components/sns-icons.tsx";
import { showErrorToast } from "../../../lib/toast.tsx";
import { startSnsFlow } from "../../../session/sns-flow.ts";
import { useClientConfig } from "../../system/api/get-client-config.ts";

/** One button per provider the server has configured: 「Googleでログイン」 or 「Googleで登録」. */
export function SnsButtons({
  purpose,
  disabled = false,
  returnTo,
}: {
  purpose: "login" | "signup";
  disabled?: boolean;
  /** The page to open after a login (see returnPathAfterLogin). */
  returnTo?: string;
}) {
  const config = useClientConfig();
  const [busy, setBusy] = useState<SnsProvider | null>(null);
  const providers = config.data?.sns_providers ?? [];
  if (providers.length === 0) return null;

  return (
    <Stack spacing={1.25}>
      {providers.map(({ provider, label }) => {
        const name = label || SNS_PROVIDER_NAMES[provider];
        return (
          <Button
            key={provider}
            variant="outlined"
            color="inherit"
            size="large"
            fullWidth
            disabled={disabled || (busy !== null && busy !== provider)}
            loading={busy === provider}
            startIcon={<SnsIcon provider={provider} />}
            onClick={async () => {
              setBusy(provider);
              try {
                await startSnsFlow(provider, purpose, purpose === "signup" ? true : undefined, returnTo);
              } catch (error) {
                showErrorToast(error);
                setBusy(null);
              }
            }}
            sx={{ borderColor: "divider", bgcolor: "background.paper", fontWeight: 600, color: "text.primary" }}
          >
            {purpose === "login" ? `${name}でログイン` : `${name}で登録`}
          </Button>
        );
      })}
    </Stack>
  );
}

export function useHasSnsProviders(): boolean {
  const config = useClientConfig();
  return (config.data?.sns_providers.length ?? 0) > 0;
}
