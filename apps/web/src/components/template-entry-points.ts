import type { TemplateKind } from "@tasuki/contract/template/template.schema";
import { createContext, type ReactNode, useContext } from "react";

/** What 「テンプレートとして保存」 saves: a task, a 大項目 or a 中項目. */
export interface TemplateSource {
  kind: TemplateKind;
  id: string;
  name: string;
}

/** Where 「テンプレートから追加」 puts a template's tree. */
export interface TemplatePlace {
  kind: "project" | "meeting" | "primary_item" | "secondary_item";
  id: string;
  name: string;
}

export interface TemplateEntryPoints {
  /** Whether 「テンプレートとして保存」 is offered (the template permission). */
  canSave: boolean;
  saveAs: (source: TemplateSource) => void;
  /** 「テンプレートから追加」 under a parent, or anywhere (the parent is then picked in the dialog). */
  addFrom: (parent?: TemplatePlace) => void;
  /** The two dialogs; render once where the hook is used. */
  dialogs: ReactNode;
}

type TemplateEntryPointsHook = (workspaceId: string) => TemplateEntryPoints;

/**
 * The template actions of pages that show work (task lists, the project tab, the meeting agenda), handed down by
 * the app's providers from features/template: those pages belong to other features, and the shared layer knows
 * no feature, so neither they nor this file import the template dialogs.
 */
const TemplateEntryPointsContext = createContext<TemplateEntryPointsHook>(() => {
  throw new Error("useTemplateEntryPoints needs a TemplateEntryPointsProvider (app-providers.tsx)");
});
export const TemplateEntryPointsProvider = TemplateEntryPointsContext.Provider;

export function useTemplateEntryPoints(workspaceId: string): TemplateEntryPoints {
  const useEntryPoints = useContext(TemplateEntryPointsContext);
  return useEntryPoints(workspaceId);
}
