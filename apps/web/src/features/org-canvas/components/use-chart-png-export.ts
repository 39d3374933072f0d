import "@xyflow/react/dist/style.css";
import { useQueryClient } from "@tanstack/react-query";
import type { GroupNode } from "@tasuki/contract/group/group.schema";
import { useCallback } from "react";
import { showToast } from "../../../lib/toast.tsx";
import { avatarImageQueryOptions } from "../api/get-avatar-image.ts";
import { avatarUrlsOf, decodeAvatars, downloadBlob, eachLimited, renderChartPng } from "../export-png.ts";
import type { LayerStyle } from "../layer-style.ts";
import type { layoutOrgChart } from "../org-chart-layout.ts";
import { NODE_HEIGHT, NODE_WIDTH } from "./group-node.tsx";

/** 画像として保存: the whole chart drawn to a PNG (every group, drawn on screen or not), with the cards' pictures. */
export function useChartPngExport({
  groups,
  groupById,
  layers,
  layout,
  onExportingChange,
}: {
  groups: GroupNode[];
  groupById: Map<string, GroupNode>;
  layers: Map<string, LayerStyle>;
  layout: ReturnType<typeof layoutOrgChart>;
  onExportingChange: ((exporting: boolean) => void) | undefined;
}) {
  const queryClient = useQueryClient();
  const exportPng = useCallback(
    async (fileName: string) => {
      onExportingChange?.(true);
      try {
        // Every picture the cards show, also of groups never drawn on screen (the avatar cache keeps them).
        const dataUrls = new Map<string, string>();
        await eachLimited(avatarUrlsOf(groups), 6, async (url) => {
          try {
            dataUrls.set(url, await queryClient.fetchQuery(avatarImageQueryOptions(url)));
          } catch {
            // that person gets their initial
          }
        });
        const blob = await renderChartPng({
          layout,
          nodeWidth: NODE_WIDTH,
          nodeHeight: NODE_HEIGHT,
          groups: groupById,
          layerOf: (group) => (group.group_type_id ? (layers.get(group.group_type_id) ?? null) : null),
          hasLayers: layers.size > 0,
          avatars: await decodeAvatars(dataUrls),
        });
        downloadBlob(blob, fileName);
        showToast("組織図を画像として保存しました", { type: "success" });
      } catch (error) {
        console.error(error);
        showToast("画像の作成に失敗しました。しばらくしてから再度お試しください。", { type: "error" });
      } finally {
        onExportingChange?.(false);
      }
    },
    [groups, groupById, layers, layout, onExportingChange, queryClient],
  );
  return exportPng;
}
