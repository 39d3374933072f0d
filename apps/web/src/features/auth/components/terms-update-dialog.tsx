import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { showToast } from "../../../lib/toast.tsx";
import { signOut, updateSessionUser } from "../../../session/session.ts";
import { useAgreeTerms } from "../../user/api/agree-terms.ts";
import { TermsCheckbox } from "./terms-checkbox.tsx";

/**
 * Shown over every signed-in page when the terms changed after the user last agreed (terms-update-gate.tsx):
 * continue by agreeing to the current version, or sign out.
 */
export function TermsUpdateDialog({ termsVersion }: { termsVersion: string }) {
  const agree = useAgreeTerms();
  const [checked, setChecked] = useState(false);

  return (
    <Dialog open maxWidth="sm" fullWidth aria-labelledby="terms-update-title">
      <DialogTitle id="terms-update-title">利用規約が改定されました</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          Tasuki をひき続きご利用いただくには、改定後の利用規約とプライバシーポリシーをご確認のうえ、同意してください。
        </Typography>
        <TermsCheckbox name="agree_terms_update" checked={checked} onChange={setChecked} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button color="inherit" onClick={() => void signOut()}>
          ログアウト
        </Button>
        <Button
          variant="contained"
          disabled={!checked}
          loading={agree.isPending}
          onClick={async () => {
            try {
              updateSessionUser(await agree.mutateAsync({ terms_version: termsVersion }));
              showToast("利用規約に同意しました", { type: "success" });
            } catch {
              // shown by the mutation cache
            }
          }}
        >
          同意して続ける
        </Button>
      </DialogActions>
    </Dialog>
  );
}
