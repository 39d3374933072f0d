import { type CompositionEvent, type FocusEvent, useRef } from "react";
import type { FieldPath, FieldValues, PathValue, UseFormReturn } from "react-hook-form";
import { ImeReadingTracker } from "../lib/ime-reading.ts";
import { normalizeKana } from "../lib/text.ts";

/**
 * Fills the フリガナ field `target` from what the user types into its name field through a Japanese IME, as
 * Japanese forms customarily do. Stops as soon as the user types into the フリガナ field
 * themselves (and starts again if they empty it); normalises that field to full-width katakana.
 */
export function useKanaAutofill<T extends FieldValues>(
  // biome-ignore lint/suspicious/noExplicitAny: forms with transforming schemas have distinct output types
  form: UseFormReturn<T, any, any>,
  target: FieldPath<T>,
) {
  const tracker = useRef(new ImeReadingTracker());
  const composing = useRef(false);
  const manual = useRef(Boolean(form.getValues(target)));

  const apply = () => {
    if (manual.current) return;
    form.setValue(target, tracker.current.reading() as PathValue<T, typeof target>, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
  };

  return {
    /** Spread into the name field's `slotProps.htmlInput`. */
    sourceInputProps: {
      onCompositionStart: (event: CompositionEvent<HTMLInputElement>) => {
        composing.current = true;
        tracker.current.compositionStart(event.currentTarget.value);
      },
      onCompositionUpdate: (event: CompositionEvent<HTMLInputElement>) => {
        tracker.current.compositionUpdate(event.data);
        apply();
      },
      onCompositionEnd: () => {
        composing.current = false;
        tracker.current.compositionEnd();
        apply();
      },
    },
    /** Pass as the name field's `onChange`. */
    onSourceChange: (event: { target: { value: string } }) => {
      if (composing.current) return;
      tracker.current.input(event.target.value);
      apply();
    },
    /** Pass as the フリガナ field's `onChange`. */
    onTargetChange: (event: { target: { value: string } }) => {
      manual.current = event.target.value !== "";
    },
    /** Pass as the フリガナ field's `onBlur`. */
    onTargetBlur: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const normalized = normalizeKana(event.target.value);
      if (normalized !== event.target.value) {
        form.setValue(target, normalized as PathValue<T, typeof target>, { shouldDirty: true, shouldValidate: true });
      }
    },
  };
}
