import { createContext, useContext } from "react";
import type { CanvasMarkStore } from "../canvas-marks.ts";

export interface OrgCanvasActions {
  marks: CanvasMarkStore;
  openStaff: (staffId: string) => void;
  openGroup: (groupId: string) => void;
  /** Whether the workspace names its layers at all; without any, cards show no layer chip. */
  hasLayers: boolean;
}

export const OrgCanvasContext = createContext<OrgCanvasActions | null>(null);

export function useOrgCanvas(): OrgCanvasActions {
  const value = useContext(OrgCanvasContext);
  if (!value) throw new Error("useOrgCanvas needs an OrgCanvasContext provider");
  return value;
}
