import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Step from "@mui/material/Step";
import StepLabel from "@mui/material/StepLabel";
import Stepper from "@mui/material/Stepper";
import Typography from "@mui/material/Typography";
import { emailSchema } from "@tasuki/contract/common/common.schema";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FormTextField } from "../../../components/form-text-field.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { PasswordField } from "../../../components/password-field.tsx";
import { InfoRow, SectionCard } from "../../../components/section-card.tsx";
import { showToast } from "../../../lib/toast.tsx";
import { updateSessionUser, useSignedInSession } from "../../../session/session.ts";
import { useRequestVerificationCode } from "../../auth/api/verification-code-new.ts";
import { VerificationCodeStep } from "../../auth/components/verification-code-step.tsx";
import { useCancelEmailChange } from "../../user/api/cancel-email-change.ts";
import { useChangeEmail } from "../../user/api/change-email.ts";
import { getMe } from "../../user/api/get-me.ts";

type Flow = { step: 0 } | { step: 1; email: string } | { step: 2; email: string; verificationToken: string };

const STEPS = ["新しいメールアドレス", "確認コード", "現在のパスワード"] as const;

export function EmailAddressPage() {
  const { user } = useSignedInSession();
  const [flow, setFlow] = useState<Flow>({ step: 0 });
  const cancel = useCancelEmailChange();
  const steps = user.has_password ? STEPS : STEPS.slice(0, 2);

  return (
    <>
      <PageHeader title="メールアドレス" description="ログインと通知に使うメールアドレスを変更します。" />
      <SectionCard title="登録中のアドレス">
        <InfoRow label="現在のアドレス">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {user.email}
          </Typography>
        </InfoRow>
        <InfoRow label="変更手続き中">
          <Typography variant="body2" sx={{ color: user.pending_email ? "text.primary" : "text.secondary" }}>
            {user.pending_email ?? "なし"}
          </Typography>
        </InfoRow>
      </SectionCard>

      <SectionCard
        title="アドレスの変更"
        description="新しいアドレスに届く確認コードで、そのアドレスを受け取れることを確かめてから変更します。"
      >
        {user.pending_email && flow.step === 0 && (
          <Alert severity="info" sx={{ mb: 3 }}>
            <AlertTitle>変更手続き中です</AlertTitle>
            {user.pending_email} に送信した確認コードを入力すると変更が完了します。
            <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
              <Button
                variant="outlined"
                color="inherit"
                size="small"
                onClick={() => setFlow({ step: 1, email: user.pending_email ?? "" })}
              >
                コードを入力
              </Button>
              <Button
                color="inherit"
                size="small"
                loading={cancel.isPending}
                onClick={async () => {
                  try {
                    updateSessionUser(await cancel.mutateAsync());
                    showToast("メールアドレスの変更を取り消しました", { type: "success" });
                  } catch {
                    // shown by the mutation cache
                  }
                }}
              >
                変更を取り消す
              </Button>
            </Stack>
          </Alert>
        )}
        <Box sx={{ maxWidth: 560 }}>
          <Stepper activeStep={flow.step} sx={{ mb: 3 }}>
            {steps.map((label) => (
              <Step key={label}>
                <StepLabel>{label}</StepLabel>
              </Step>
            ))}
          </Stepper>
          {flow.step === 0 && <NewAddressStep onSent={(email) => setFlow({ step: 1, email })} />}
          {flow.step === 1 && (
            <VerificationCodeStep
              email={flow.email}
              purpose="change_email"
              onVerified={(verificationToken) => setFlow({ step: 2, email: flow.email, verificationToken })}
              onChangeEmail={() => setFlow({ step: 0 })}
            />
          )}
          {flow.step === 2 && (
            <ConfirmStep
              email={flow.email}
              verificationToken={flow.verificationToken}
              needsPassword={user.has_password}
              onDone={() => setFlow({ step: 0 })}
            />
          )}
        </Box>
      </SectionCard>
    </>
  );
}

function NewAddressStep({ onSent }: { onSent: (email: string) => void }) {
  const { user } = useSignedInSession();
  const requestCode = useRequestVerificationCode();
  const schema = z.object({
    email: emailSchema.refine((value) => value !== user.email.toLowerCase(), {
      error: "現在と同じメールアドレスです",
    }),
  });
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { email: "" } });
  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await requestCode.mutateAsync({ email, purpose: "change_email" });
    } catch {
      return; // shown by the mutation cache
    }
    // The server now holds the address as pending; show it.
    void getMe()
      .then(updateSessionUser)
      .catch(() => undefined);
    onSent(email);
  });
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2.5}>
        <FormTextField
          control={form.control}
          name="email"
          label="新しいメールアドレス"
          type="email"
          autoComplete="email"
        />
        <Box>
          <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
            次へ
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function ConfirmStep({
  email,
  verificationToken,
  needsPassword,
  onDone,
}: {
  email: string;
  verificationToken: string;
  needsPassword: boolean;
  onDone: () => void;
}) {
  const change = useChangeEmail();
  const schema = z.object({
    current_password: needsPassword
      ? z.string().min(1, { error: "現在のパスワードを入力してください" }).max(128)
      : z.string().max(128),
  });
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { current_password: "" } });
  const onSubmit = form.handleSubmit(async ({ current_password }) => {
    try {
      const user = await change.mutateAsync({
        verification_token: verificationToken,
        ...(needsPassword ? { current_password } : {}),
      });
      updateSessionUser(user);
    } catch {
      return; // shown by the mutation cache
    }
    showToast("メールアドレスを変更しました", { type: "success" });
    onDone();
  });
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2.5}>
        <Typography variant="body2">
          <Box component="strong" sx={{ wordBreak: "break-all" }}>
            {email}
          </Box>{" "}
          に変更します。{needsPassword && "本人確認のため、現在のパスワードを入力してください。"}
        </Typography>
        {needsPassword && (
          <PasswordField
            control={form.control}
            name="current_password"
            label="現在のパスワード"
            autoComplete="current-password"
            autoFocus
          />
        )}
        <Box>
          <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
            変更する
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
