import VisibilityOffOutlined from "@mui/icons-material/VisibilityOffOutlined";
import VisibilityOutlined from "@mui/icons-material/VisibilityOutlined";
import IconButton from "@mui/material/IconButton";
import InputAdornment from "@mui/material/InputAdornment";
import Tooltip from "@mui/material/Tooltip";
import { useState } from "react";
import type { FieldValues } from "react-hook-form";
import { FormTextField, type FormTextFieldProps } from "./form-text-field.tsx";

/**
 * A password input with a show/hide toggle. The toggle's name avoids the word パスワード so that the
 * field's label stays the only control named by it (tests and screen readers look fields up by label).
 */
export function PasswordField<T extends FieldValues>(props: FormTextFieldProps<T>) {
  const [visible, setVisible] = useState(false);
  const label = visible ? "入力内容を隠す" : "入力内容を表示";
  return (
    <FormTextField
      {...props}
      type={visible ? "text" : "password"}
      slotProps={{
        ...props.slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={label}>
                <IconButton
                  aria-label={label}
                  onClick={() => setVisible((v) => !v)}
                  onMouseDown={(event) => event.preventDefault()}
                  edge="end"
                  size="small"
                >
                  {visible ? <VisibilityOffOutlined fontSize="small" /> : <VisibilityOutlined fontSize="small" />}
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
