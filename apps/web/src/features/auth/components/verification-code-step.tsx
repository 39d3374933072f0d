import { zodResolver } from "@hookform/resolvers/zod";
import MarkEmailReadOutlined from "@mui/icons-material/MarkEmailReadOutlined";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { type VerificationPurpose, verificationCodeConfBodySchema } from "@tasuki/contract/auth/auth.schema";
import { useForm } from "react-hook-form";
import { FormTextField } from "../../../components/form-text-field.tsx";
import { showToast } from "../../../lib/toast.tsx";
import { useClientConfig } from "../../system/api/get-client-config.ts";
import { useConfirmVerificationCode } from "../api/verification-code-conf.ts";
import { useRequestVerificationCode } from "../api/verification-code-new.ts";

const codeSchema = verificationCodeConfBodySchema.pick({ code: true });

/**
 * The second step of every mailed-code flow (sign-up, password reset, address change): enter the
 * six digits, or have them sent again. Answers the single-use verification token.
 */
export function VerificationCodeStep({
  email,
  purpose,
  onVerified,
  onChangeEmail,
  submitLabel = "確認",
}: {
  email: string;
  purpose: VerificationPurpose;
  onVerified: (verificationToken: string) => void;
  onChangeEmail?: () => void;
  submitLabel?: string;
}) {
  const confirm = useConfirmVerificationCode();
  const resend = useRequestVerificationCode();
  const config = useClientConfig();
  const form = useForm({ resolver: zodResolver(codeSchema), defaultValues: { code: "" } });

  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      const { verification_token } = await confirm.mutateAsync({ email, code, purpose });
      onVerified(verification_token);
    } catch {
      form.setFocus("code");
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2.5}>
        <Box sx={{ display: "flex", gap: 1.5, alignItems: "flex-start", bgcolor: "#f3f4fb", borderRadius: 2, p: 2 }}>
          <MarkEmailReadOutlined color="primary" sx={{ mt: 0.25 }} />
          <Typography variant="body2">
            <Box component="strong" sx={{ wordBreak: "break-all" }}>
              {email}
            </Box>{" "}
            に確認コードを送信しました。メールに記載された6桁のコードを入力してください（有効期限は10分です）。
          </Typography>
        </Box>
        <FormTextField
          control={form.control}
          name="code"
          label="確認コード"
          autoComplete="one-time-code"
          autoFocus
          placeholder="123456"
          slotProps={{
            htmlInput: {
              inputMode: "numeric",
              maxLength: 6,
              pattern: "[0-9]*",
              style: { letterSpacing: "0.5em", fontSize: 20, fontWeight: 600 },
            },
          }}
        />
        <Button type="submit" variant="contained" size="large" fullWidth loading={form.formState.isSubmitting}>
          {submitLabel}
        </Button>
        <Box sx={{ display: "flex", justifyContent: "space-between", flexWrap: "wrap", gap: 1 }}>
          <Link
            component="button"
            type="button"
            variant="body2"
            underline="hover"
            disabled={resend.isPending}
            onClick={async () => {
              try {
                await resend.mutateAsync({ email, purpose });
                showToast("確認コードを再送しました", { type: "success" });
              } catch {
                // shown by the mutation cache
              }
            }}
          >
            コードを再送する
          </Link>
          {onChangeEmail && (
            <Link component="button" type="button" variant="body2" underline="hover" onClick={onChangeEmail}>
              メールアドレスを変更する
            </Link>
          )}
        </Box>
        {config.data && config.data.environment !== "production" && (
          <Alert severity="info" variant="outlined">
            開発環境ではメールは送信されません。{" "}
            <Link href="/dev/outbox" target="_blank" rel="noopener noreferrer">
              開発用メールボックス
            </Link>
            でコードを確認できます。
          </Alert>
        )}
      </Stack>
    </Box>
  );
}
