// Org chart data through the public API, as a customer's administrator would build it: an owner signs up
// (code from the dev outbox), makes a workspace, names its layers, creates the group tree top down,
// imports the staff by CSV rows with their main group, and sets each group's leader.
import { deflateSync } from "node:zlib";

export interface Session {
  base: string;
  token: string;
  workspaceId: string;
  email: string;
  password: string;
}

export interface GroupSpec {
  name: string;
  layer: string;
  parent: string | null;
  /** Staff whose main group this is; the first one leads the group. */
  staff: number;
}

async function call<T>(base: string, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      accept: "application/json",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 500)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Runs `task` over `items` with at most `parallel` at once. */
export async function eachLimited<T>(items: T[], parallel: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
}

/** A new owner with a workspace of their own. */
export async function signUpOwner(base: string, workspaceName: string, email: string): Promise<Session> {
  const password = "Sakura-2026-tasuki";
  await call(base, "POST", "/app/auth/verification-code/new", { email, purpose: "signup" });
  // The code is mailed by a job shortly after the answer: the outbox is read until it arrives (10 s at most).
  let code: string | undefined;
  for (let tries = 0; !code && tries < 100; tries++) {
    if (tries) await new Promise((resolve) => setTimeout(resolve, 100));
    const outbox = await call<{ items: { to: string; text: string }[] }>(base, "GET", "/dev/outbox.json");
    const mail = outbox.items.find((item) => item.to === email && /確認コード: \d{6}/.test(item.text));
    code = mail && /確認コード: (\d{6})/.exec(mail.text)?.[1];
  }
  if (!code) throw new Error(`no verification code for ${email} in /dev/outbox.json`);
  const { verification_token } = await call<{ verification_token: string }>(
    base,
    "POST",
    "/app/auth/verification-code/conf",
    { email, code, purpose: "signup" },
  );
  const tokens = await call<{ access_token: string }>(base, "POST", "/app/auth/signup-with-email", {
    verification_token,
    password,
    last_name: "鈴木",
    first_name: "一郎",
    last_name_kana: "スズキ",
    first_name_kana: "イチロウ",
    agree_terms: true,
  });
  const workspace = await call<{ id: string }>(
    base,
    "POST",
    "/app/workspace/new",
    { name: workspaceName },
    tokens.access_token,
  );
  return { base, token: tokens.access_token, workspaceId: workspace.id, email, password };
}

const SURNAMES: [string, string][] = [
  ["佐藤", "サトウ"],
  ["鈴木", "スズキ"],
  ["高橋", "タカハシ"],
  ["田中", "タナカ"],
  ["伊藤", "イトウ"],
  ["渡辺", "ワタナベ"],
  ["山本", "ヤマモト"],
  ["中村", "ナカムラ"],
  ["小林", "コバヤシ"],
  ["加藤", "カトウ"],
  ["吉田", "ヨシダ"],
  ["山田", "ヤマダ"],
  ["佐々木", "ササキ"],
  ["山口", "ヤマグチ"],
  ["松本", "マツモト"],
  ["井上", "イノウエ"],
  ["木村", "キムラ"],
  ["林", "ハヤシ"],
  ["斎藤", "サイトウ"],
  ["清水", "シミズ"],
  ["山崎", "ヤマザキ"],
  ["森", "モリ"],
  ["池田", "イケダ"],
  ["橋本", "ハシモト"],
  ["阿部", "アベ"],
  ["石川", "イシカワ"],
  ["前田", "マエダ"],
  ["藤田", "フジタ"],
  ["岡田", "オカダ"],
  ["後藤", "ゴトウ"],
];
const GIVEN_NAMES: [string, string][] = [
  ["太郎", "タロウ"],
  ["花子", "ハナコ"],
  ["健太", "ケンタ"],
  ["美咲", "ミサキ"],
  ["翔太", "ショウタ"],
  ["陽菜", "ヒナ"],
  ["大輔", "ダイスケ"],
  ["さくら", "サクラ"],
  ["拓也", "タクヤ"],
  ["由美", "ユミ"],
  ["直樹", "ナオキ"],
  ["彩", "アヤ"],
  ["亮", "リョウ"],
  ["真由美", "マユミ"],
  ["誠", "マコト"],
  ["愛", "アイ"],
  ["和也", "カズヤ"],
  ["恵", "メグミ"],
  ["悠斗", "ユウト"],
  ["結衣", "ユイ"],
  ["浩二", "コウジ"],
  ["優子", "ユウコ"],
  ["剛", "ツヨシ"],
  ["千尋", "チヒロ"],
];

/** A plausible Japanese name for the n-th staff member (deterministic). */
export function staffName(n: number): { last: [string, string]; first: [string, string] } {
  return {
    last: SURNAMES[(n * 7) % SURNAMES.length]!,
    first: GIVEN_NAMES[(n * 11 + Math.floor(n / 30)) % GIVEN_NAMES.length]!,
  };
}

/**
 * Builds the tree. Layers are named in order (top first); groups are created parent first. Answers the
 * group ids by name (names are unique in these seeds: the staff import matches main groups by name).
 */
export async function seedOrganisation(
  session: Session,
  layers: string[],
  groups: GroupSpec[],
  options: { emailDomain: string; parallel?: number },
): Promise<{ groupIds: Map<string, string>; staffCount: number }> {
  const { base, token, workspaceId } = session;
  const parallel = options.parallel ?? 6;
  const layerItems = await call<{ items: { id: string; name: string }[] }>(
    base,
    "PUT",
    `/app/workspace/${workspaceId}/group-types`,
    { items: layers.map((name) => ({ name })) },
    token,
  );
  const layerIds = new Map(layerItems.items.map((item) => [item.name, item.id]));

  // Parents before children, siblings in order: level by level, each level in parallel.
  const groupIds = new Map<string, string>();
  const remaining = [...groups];
  while (remaining.length) {
    const ready = remaining.filter((spec) => spec.parent === null || groupIds.has(spec.parent));
    if (!ready.length) throw new Error("group specs name a parent that does not exist");
    // Siblings must be created one after another to keep their order; different parents can go at once.
    const byParent = new Map<string | null, GroupSpec[]>();
    for (const spec of ready) byParent.set(spec.parent, [...(byParent.get(spec.parent) ?? []), spec]);
    await eachLimited([...byParent.values()], parallel, async (siblings) => {
      for (const spec of siblings) {
        const created = await call<{ id: string }>(
          base,
          "POST",
          "/app/group/new",
          {
            workspace_id: workspaceId,
            name: spec.name,
            parent_id: spec.parent === null ? null : groupIds.get(spec.parent)!,
            group_type_id: layerIds.get(spec.layer) ?? null,
          },
          token,
        );
        groupIds.set(spec.name, created.id);
      }
    });
    for (const spec of ready) remaining.splice(remaining.indexOf(spec), 1);
  }

  // Staff by CSV rows (as the staff page's import sends them), with their main group.
  const rows: Record<string, string>[] = [];
  let n = 0;
  for (const spec of groups) {
    for (let i = 0; i < spec.staff; i++) {
      const { last, first } = staffName(n);
      rows.push({
        email: `staff${String(n + 1).padStart(4, "0")}@${options.emailDomain}`,
        last_name: last[0],
        first_name: first[0],
        last_name_kana: last[1],
        first_name_kana: first[1],
        employee_code: `E${String(n + 1).padStart(5, "0")}`,
        main_group: spec.name,
      });
      n++;
    }
  }
  for (let start = 0; start < rows.length; start += 2500) {
    await call(
      base,
      "POST",
      "/app/workspace-user/import",
      { workspace_id: workspaceId, dry_run: false, rows: rows.slice(start, start + 2500) },
      token,
    );
  }

  // Leaders: the first staff member of each group.
  const staff = await listAllStaff(session);
  const byEmail = new Map(staff.map((member) => [member.email, member.id]));
  const leaders: { groupId: string; staffId: string }[] = [];
  n = 0;
  for (const spec of groups) {
    if (spec.staff > 0) {
      const staffId = byEmail.get(`staff${String(n + 1).padStart(4, "0")}@${options.emailDomain}`);
      if (staffId) leaders.push({ groupId: groupIds.get(spec.name)!, staffId });
    }
    n += spec.staff;
  }
  await eachLimited(leaders, parallel, async ({ groupId, staffId }) => {
    await call(base, "PATCH", `/app/group/${groupId}`, { leader_id: staffId }, token);
  });
  return { groupIds, staffCount: rows.length };
}

export async function listAllStaff(session: Session): Promise<{ id: string; email: string }[]> {
  const out: { id: string; email: string }[] = [];
  for (let page = 1; ; page++) {
    const { items, total } = await call<{ items: { id: string; email: string }[]; total: number }>(
      session.base,
      "GET",
      `/app/workspace-user/list?workspace_id=${session.workspaceId}&per_page=200&page=${page}`,
      undefined,
      session.token,
    );
    out.push(...items);
    if (out.length >= total || !items.length) return out;
  }
}

/** 300 groups in 4 layers (6 本部, 30 部, 120 課, 144 チーム) and 2,000 staff. */
export function bigOrganisation(totalStaff = 2000): { layers: string[]; groups: GroupSpec[] } {
  const groups: GroupSpec[] = [];
  const teamsPerSection = [2, 1, 2, 0, 1];
  let section = 0;
  for (let h = 1; h <= 6; h++) {
    const honbu = `第${h}事業本部`;
    groups.push({ name: honbu, layer: "本部", parent: null, staff: 1 });
    for (let b = 1; b <= 5; b++) {
      const bu = `第${h}-${b}事業部`;
      groups.push({ name: bu, layer: "部", parent: honbu, staff: 1 });
      for (let k = 1; k <= 4; k++) {
        const ka = `${h}-${b}-${k}課`;
        groups.push({ name: ka, layer: "課", parent: bu, staff: 0 });
        const teams = teamsPerSection[section++ % teamsPerSection.length]!;
        for (let t = 1; t <= teams; t++)
          groups.push({ name: `${ka}${t}チーム`, layer: "チーム", parent: ka, staff: 0 });
      }
    }
  }
  // Everyone else works in a 課 or a チーム, spread evenly.
  const working = groups.filter((group) => group.layer === "課" || group.layer === "チーム");
  let left = totalStaff - groups.reduce((sum, group) => sum + group.staff, 0);
  for (let i = 0; left > 0; i++, left--) working[i % working.length]!.staff++;
  return { layers: ["本部", "部", "課", "チーム"], groups };
}

/** A realistic mid-sized company: 4 本部, 11 部, 17 課 and about 150 staff. */
export function realisticOrganisation(): { layers: string[]; groups: GroupSpec[] } {
  const tree: [string, [string, string[]][]][] = [
    [
      "経営企画本部",
      [
        ["経営企画部", []],
        ["広報部", []],
      ],
    ],
    [
      "営業本部",
      [
        ["第一営業部", ["法人営業課", "代理店営業課"]],
        ["第二営業部", ["東日本営業課", "西日本営業課", "海外営業課"]],
        ["営業推進部", ["営業企画課"]],
      ],
    ],
    [
      "開発本部",
      [
        ["プロダクト開発部", ["フロントエンド課", "バックエンド課", "モバイル課"]],
        ["品質保証部", ["テスト課"]],
        ["インフラ部", []],
      ],
    ],
    [
      "管理本部",
      [
        ["人事部", ["採用課", "労務課"]],
        ["経理財務部", ["経理課", "財務課"]],
        ["総務部", ["総務課"]],
      ],
    ],
  ];
  const groups: GroupSpec[] = [];
  let i = 0;
  for (const [honbu, bus] of tree) {
    groups.push({ name: honbu, layer: "本部", parent: null, staff: 1 });
    for (const [bu, kas] of bus) {
      groups.push({ name: bu, layer: "部", parent: honbu, staff: kas.length ? 2 : 5 + (i++ % 4) });
      for (const ka of kas) groups.push({ name: ka, layer: "課", parent: bu, staff: 3 + ((i++ * 5) % 9) });
    }
  }
  return { layers: ["本部", "部", "課"], groups };
}

/** A small PNG (a face-like disc on a soft background) to upload as an avatar: no image library needed. */
export function avatarPng(seed: number, size = 96): Buffer {
  const hues: [number, number, number][] = [
    [92, 107, 192],
    [38, 166, 154],
    [239, 108, 0],
    [142, 36, 170],
    [30, 136, 229],
    [216, 27, 96],
  ];
  const [r, g, b] = hues[seed % hues.length]!;
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const o = y * (size * 4 + 1) + 1 + x * 4;
      const dx = x - size / 2;
      const head = Math.hypot(dx, y - size * 0.4) < size * 0.2;
      const body = Math.hypot(dx, y - size * 1.02) < size * 0.42;
      const light = head || body;
      raw[o] = light ? 250 : r;
      raw[o + 1] = light ? 236 - (seed % 3) * 12 : g;
      raw[o + 2] = light ? 222 : b;
      raw[o + 3] = 255;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** Uploads a picture and makes it a staff member's avatar. */
export async function setAvatar(session: Session, staffId: string, png: Buffer): Promise<void> {
  const form = new FormData();
  form.append("workspace_id", session.workspaceId);
  form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "avatar.png");
  const response = await fetch(`${session.base}/app/image/new`, {
    method: "POST",
    headers: { authorization: `Bearer ${session.token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`POST /app/image/new: ${response.status} ${await response.text()}`);
  const image = (await response.json()) as { id: string };
  await call(session.base, "PATCH", `/app/workspace-user/${staffId}`, { avatar_image_id: image.id }, session.token);
}
