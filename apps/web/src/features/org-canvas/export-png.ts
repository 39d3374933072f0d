import { cutText } from "@tasuki/contract/common/cut-text";
import type { GroupNode } from "@tasuki/contract/group/group.schema";
import { getSmoothStepPath, Position } from "@xyflow/react";
import { avatarColour, staffInitials } from "../../components/staff-avatar.tsx";
import { displayName } from "../../lib/person.ts";
import { FONT_FAMILY } from "../../lib/theme.ts";
import { type LayerStyle, NO_LAYER_COLOUR } from "./layer-style.ts";
import { memberStrip, type StaffRef } from "./member-strip.ts";
import type { OrgChartLayout } from "./org-chart-layout.ts";

/**
 * The whole chart as a PNG, drawn straight onto a canvas from the layout.
 *
 * Why not html-to-image on React Flow's viewport (xyflow's own example): it copies the full computed style of
 * every element into an SVG, which for 300 groups (5,000 elements) meant a 75 MB SVG and about 50 s with the
 * page frozen; and its versions after 1.11.11 drop the edges. Drawing the cards ourselves takes well under a
 * second for 300 groups, whatever part of the chart is on screen, and looks the same as the cards.
 */

/** Canvas limits every current browser accepts (Chromium allows more, Safari less). */
const MAX_SIDE_PX = 16_000;
const MAX_AREA_PX = 48_000_000;
const MARGIN = 48;
const STACK_HANDLE_X = 18;

/** Twice the screen's resolution for a small chart, less for a big one, so that the image stays within canvas limits. */
export function exportPixelRatio(width: number, height: number): number {
  return Math.max(
    0.1,
    Math.min(2, MAX_SIDE_PX / width, MAX_SIDE_PX / height, Math.sqrt(MAX_AREA_PX / (width * height))),
  );
}

/** The people whose pictures the exported cards show (leaders and the first members). */
export function avatarUrlsOf(groups: Iterable<GroupNode>): string[] {
  const urls = new Set<string>();
  for (const group of groups) {
    if (group.leader?.avatar_url) urls.add(group.leader.avatar_url);
    for (const member of memberStrip(group).shown) if (member.avatar_url) urls.add(member.avatar_url);
  }
  return [...urls];
}

export interface ChartPicture {
  layout: OrgChartLayout;
  nodeWidth: number;
  nodeHeight: number;
  groups: Map<string, GroupNode>;
  layerOf: (group: GroupNode) => LayerStyle | null;
  /** Whether the workspace names its layers; without any, cards have no layer chip. */
  hasLayers: boolean;
  /** Decoded pictures by avatar URL; people without one get their initial. */
  avatars: Map<string, CanvasImageSource>;
}

const PEOPLE_ICON_PATH =
  "M16 11c1.66 0 2.99-1.34 2.99-3S17.66 5 16 5s-3 1.34-3 3 1.34 3 3 3m-8 0c1.66 0 2.99-1.34 2.99-3S9.66 5 8 5 5 6.34 5 8s1.34 3 3 3m0 2c-2.33 0-7 1.17-7 3.5V19h14v-2.5c0-2.33-4.67-3.5-7-3.5m8 0c-.29 0-.62.02-.97.05 1.16.84 1.97 1.97 1.97 3.45V19h6v-2.5c0-2.33-4.67-3.5-7-3.5";
let peopleIcon: Path2D | undefined;

function font(weight: number, size: number): string {
  return `${weight} ${size}px ${FONT_FAMILY}`;
}

/** A colour mixed with white, as CSS color-mix(in srgb, colour p%, white) does. */
function tint(hex: string, share: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const mix = (channel: number) => Math.round(channel * share + 255 * (1 - share));
  return `rgb(${mix((value >> 16) & 255)}, ${mix((value >> 8) & 255)}, ${mix(value & 255)})`;
}

function fitText(ctx: CanvasRenderingContext2D, text: string, maxWidth: number): string {
  if (ctx.measureText(text).width <= maxWidth) return text;
  // Shortened a code unit at a time, but cut between graphemes: never half an emoji or 𠮷.
  let end = text.length;
  while (end > 0 && ctx.measureText(`${cutText(text, end)}…`).width > maxWidth) end--;
  return `${cutText(text, end)}…`;
}

function drawAvatar(
  ctx: CanvasRenderingContext2D,
  person: StaffRef,
  centreX: number,
  centreY: number,
  size: number,
  avatars: Map<string, CanvasImageSource>,
): void {
  const radius = size / 2;
  ctx.save();
  ctx.beginPath();
  ctx.arc(centreX, centreY, radius + 2, 0, Math.PI * 2);
  ctx.fillStyle = "#ffffff";
  ctx.fill();
  ctx.beginPath();
  ctx.arc(centreX, centreY, radius, 0, Math.PI * 2);
  ctx.clip();
  const picture = person.avatar_url ? avatars.get(person.avatar_url) : undefined;
  if (picture) {
    ctx.drawImage(picture, centreX - radius, centreY - radius, size, size);
  } else {
    ctx.fillStyle = avatarColour(person.id);
    ctx.fillRect(centreX - radius, centreY - radius, size, size);
    ctx.fillStyle = "#ffffff";
    ctx.font = font(700, Math.round(size * 0.46));
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(staffInitials(person), centreX, centreY + 1);
  }
  ctx.restore();
}

function drawCard(ctx: CanvasRenderingContext2D, picture: ChartPicture, group: GroupNode, x: number, y: number): void {
  const { nodeWidth: w, nodeHeight: h, avatars } = picture;
  const layer = picture.layerOf(group);
  const colour = layer?.colour ?? NO_LAYER_COLOUR;
  const left = x + 13;
  const right = x + w - 13;

  ctx.save();
  ctx.shadowColor = "rgba(31, 36, 51, 0.08)";
  ctx.shadowBlur = 3;
  ctx.shadowOffsetY = 1;
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, 10);
  ctx.fillStyle = "#ffffff";
  ctx.fill();
  ctx.restore();
  ctx.save();
  ctx.beginPath();
  ctx.roundRect(x + 0.5, y + 0.5, w - 1, h - 1, 10);
  ctx.strokeStyle = "#dde1ea";
  ctx.lineWidth = 1;
  ctx.stroke();
  ctx.clip();
  ctx.fillStyle = colour;
  ctx.fillRect(x, y, w, 4);
  ctx.restore();

  ctx.textBaseline = "middle";
  // Head: layer chip and member count.
  const headY = y + 13 + 10;
  ctx.font = font(600, 12);
  const countText = `${group.member_count}名`;
  const countWidth = ctx.measureText(countText).width;
  ctx.fillStyle = "#5b6275";
  ctx.textAlign = "right";
  ctx.fillText(countText, right, headY);
  ctx.save();
  ctx.translate(right - countWidth - 18, headY - 7.5);
  ctx.scale(15 / 24, 15 / 24);
  peopleIcon ??= new Path2D(PEOPLE_ICON_PATH);
  ctx.fill(peopleIcon);
  ctx.restore();
  ctx.textAlign = "left";
  if (layer || picture.hasLayers) {
    ctx.font = font(700, 11);
    const chipText = fitText(ctx, layer ? layer.name : "階層なし", 134);
    const chipWidth = ctx.measureText(chipText).width + 16;
    ctx.beginPath();
    ctx.roundRect(left, headY - 10, chipWidth, 20, 10);
    ctx.fillStyle = layer ? tint(colour, 0.12) : "#eef0f4";
    ctx.fill();
    ctx.fillStyle = layer ? colour : "#5b6275";
    ctx.fillText(chipText, left + 8, headY + 0.5);
  }

  // Name.
  ctx.font = font(700, 15);
  ctx.fillStyle = "#1f2433";
  ctx.fillText(fitText(ctx, group.name, right - left), left, y + 39 + 10);

  // Leader.
  const leaderY = y + 65 + 14;
  if (group.leader) {
    drawAvatar(ctx, group.leader, left + 15, leaderY, 26, avatars);
    ctx.font = font(600, 13);
    ctx.fillStyle = "#1f2433";
    const tagWidth = 36;
    const name = fitText(ctx, displayName(group.leader), right - (left + 36) - tagWidth - 8);
    ctx.fillText(name, left + 36, leaderY);
    const tagX = left + 36 + ctx.measureText(name).width + 6;
    ctx.beginPath();
    ctx.roundRect(tagX + 0.5, leaderY - 8.5, tagWidth, 17, 4);
    ctx.strokeStyle = "rgba(57, 73, 171, 0.4)";
    ctx.stroke();
    ctx.font = font(700, 10);
    ctx.fillStyle = "#3949ab";
    ctx.textAlign = "center";
    ctx.fillText("責任者", tagX + 0.5 + tagWidth / 2, leaderY + 0.5);
    ctx.textAlign = "left";
  } else {
    ctx.font = font(400, 12);
    ctx.fillStyle = "#8a90a0";
    ctx.fillText("責任者 未設定", left, leaderY);
  }

  // Members.
  const membersY = y + 99 + 13;
  const { shown, rest } = memberStrip(group);
  let memberX = left + 14;
  for (const member of shown) {
    drawAvatar(ctx, member, memberX, membersY, 24, avatars);
    memberX += 31;
  }
  if (rest > 0) {
    ctx.font = font(700, 11);
    const text = `+${rest}`;
    const chip = Math.max(24, ctx.measureText(text).width + 12);
    const chipX = memberX - 14;
    ctx.beginPath();
    ctx.roundRect(chipX, membersY - 12, chip, 24, 12);
    ctx.fillStyle = "#eef0f4";
    ctx.fill();
    ctx.fillStyle = "#3d4456";
    ctx.textAlign = "center";
    ctx.fillText(text, chipX + chip / 2, membersY + 0.5);
    ctx.textAlign = "left";
  }
  if (group.member_count === 0) {
    ctx.font = font(400, 12);
    ctx.fillStyle = "#8a90a0";
    ctx.fillText("メンバーなし", left, membersY);
  }
}

/** Draws the chart at the given scale onto a new canvas. */
export function drawChart(picture: ChartPicture, pixelRatio: number): HTMLCanvasElement {
  const { layout, nodeWidth: w, nodeHeight: h } = picture;
  const canvas = document.createElement("canvas");
  canvas.width = Math.ceil((layout.width + MARGIN * 2) * pixelRatio);
  canvas.height = Math.ceil((layout.height + MARGIN * 2) * pixelRatio);
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("no 2d canvas");
  ctx.scale(pixelRatio, pixelRatio);
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, layout.width + MARGIN * 2, layout.height + MARGIN * 2);
  ctx.translate(MARGIN, MARGIN);

  const placed = new Map(layout.nodes.map((node) => [node.id, node]));
  ctx.strokeStyle = "#aab2c3";
  ctx.lineWidth = 1.5;
  for (const edge of layout.edges) {
    const source = placed.get(edge.source);
    const target = placed.get(edge.target);
    if (!source || !target) continue;
    const [path] = getSmoothStepPath({
      sourceX: source.x + (edge.stacked ? STACK_HANDLE_X : w / 2),
      sourceY: source.y + h,
      sourcePosition: Position.Bottom,
      targetX: edge.stacked ? target.x : target.x + w / 2,
      targetY: edge.stacked ? target.y + h / 2 : target.y,
      targetPosition: edge.stacked ? Position.Left : Position.Top,
      borderRadius: 8,
      offset: 16,
    });
    ctx.stroke(new Path2D(path));
  }
  for (const node of layout.nodes) {
    const group = picture.groups.get(node.id);
    if (group) drawCard(ctx, picture, group, node.x, node.y);
  }
  return canvas;
}

export async function renderChartPng(picture: ChartPicture): Promise<Blob> {
  const { layout } = picture;
  const canvas = drawChart(picture, exportPixelRatio(layout.width + MARGIN * 2, layout.height + MARGIN * 2));
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
  if (!blob) throw new Error("the chart could not be encoded");
  return blob;
}

/** Runs `task` over `items`, at most `parallel` at a time. */
export async function eachLimited<T>(items: T[], parallel: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
}

/** Decodes pictures given as data URLs; one that fails is left out (its owner gets their initial). */
export async function decodeAvatars(dataUrls: Map<string, string>): Promise<Map<string, CanvasImageSource>> {
  const out = new Map<string, CanvasImageSource>();
  await Promise.all(
    [...dataUrls].map(async ([url, dataUrl]) => {
      const image = new Image();
      image.src = dataUrl;
      try {
        await image.decode();
        out.set(url, image);
      } catch {
        // leave it out
      }
    }),
  );
  return out;
}

export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by the time the click returns; give slow browsers a moment anyway.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
