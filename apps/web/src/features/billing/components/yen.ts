/** An amount as the billing pages write it: ¥1,320. */
export const yen = (amount: number) => `¥${amount.toLocaleString("ja-JP")}`;
