import { type ReactNode, useEffect, useState } from "react";
import { DYNAMIC_LOADING_DELAY_MS } from "../lib/constants.ts";

/** Renders its children only after the dynamic-loading delay, so quick loads show no spinner at all. */
export function Delayed({ children, delayMs = DYNAMIC_LOADING_DELAY_MS }: { children: ReactNode; delayMs?: number }) {
  const [visible, setVisible] = useState(delayMs <= 0);
  useEffect(() => {
    if (delayMs <= 0) return;
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return visible ? children : null;
}
