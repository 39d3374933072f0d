/** The 47 prefectures in JIS X 0401 order (北から南), keyed by their lowercase romanised names. */
export const PREFECTURES = [
  { key: "hokkaido", name: "北海道" },
  { key: "aomori", name: "青森県" },
  { key: "iwate", name: "岩手県" },
  { key: "miyagi", name: "宮城県" },
  { key: "akita", name: "秋田県" },
  { key: "yamagata", name: "山形県" },
  { key: "fukushima", name: "福島県" },
  { key: "ibaraki", name: "茨城県" },
  { key: "tochigi", name: "栃木県" },
  { key: "gunma", name: "群馬県" },
  { key: "saitama", name: "埼玉県" },
  { key: "chiba", name: "千葉県" },
  { key: "tokyo", name: "東京都" },
  { key: "kanagawa", name: "神奈川県" },
  { key: "niigata", name: "新潟県" },
  { key: "toyama", name: "富山県" },
  { key: "ishikawa", name: "石川県" },
  { key: "fukui", name: "福井県" },
  { key: "yamanashi", name: "山梨県" },
  { key: "nagano", name: "長野県" },
  { key: "gifu", name: "岐阜県" },
  { key: "shizuoka", name: "静岡県" },
  { key: "aichi", name: "愛知県" },
  { key: "mie", name: "三重県" },
  { key: "shiga", name: "滋賀県" },
  { key: "kyoto", name: "京都府" },
  { key: "osaka", name: "大阪府" },
  { key: "hyogo", name: "兵庫県" },
  { key: "nara", name: "奈良県" },
  { key: "wakayama", name: "和歌山県" },
  { key: "tottori", name: "鳥取県" },
  { key: "shimane", name: "島根県" },
  { key: "okayama", name: "岡山県" },
  { key: "hiroshima", name: "広島県" },
  { key: "yamaguchi", name: "山口県" },
  { key: "tokushima", name: "徳島県" },
  { key: "kagawa", name: "香川県" },
  { key: "ehime", name: "愛媛県" },
  { key: "kochi", name: "高知県" },
  { key: "fukuoka", name: "福岡県" },
  { key: "saga", name: "佐賀県" },
  { key: "nagasaki", name: "長崎県" },
  { key: "kumamoto", name: "熊本県" },
  { key: "oita", name: "大分県" },
  { key: "miyazaki", name: "宮崎県" },
  { key: "kagoshima", name: "鹿児島県" },
  { key: "okinawa", name: "沖縄県" },
] as const;

export type PrefectureKey = (typeof PREFECTURES)[number]["key"];

const prefectureNames: ReadonlyMap<string, string> = new Map(PREFECTURES.map((p) => [p.key, p.name]));

export function isPrefectureKey(value: unknown): value is PrefectureKey {
  return typeof value === "string" && prefectureNames.has(value);
}

/** The Japanese name of a prefecture key; an unknown key gives an empty string rather than the raw key. */
export function prefectureName(key: string | null | undefined): string {
  return (key && prefectureNames.get(key)) || "";
}

export interface Address {
  postal_code?: string | null;
  prefecture?: string | null;
  city?: string | null;
  street?: string | null;
  building?: string | null;
}

/**
 * One line as Japanese envelopes write it: 〒 and the postal code, then prefecture, city and street
 * run together, then the building after a space (e.g. 〒100-0005 東京都千代田区丸の内1-1-1 丸の内ビル5F).
 */
export function joinAddress(address: Address | null | undefined): string {
  if (!address) return "";
  const postal = address.postal_code?.trim();
  const locality = [prefectureName(address.prefecture), address.city?.trim(), address.street?.trim()]
    .filter(Boolean)
    .join("");
  const building = address.building?.trim();
  return [postal ? `〒${postal}` : "", locality, building ?? ""].filter(Boolean).join(" ");
}
