export interface PersonName {
  last_name?: string | null;
  first_name?: string | null;
}

/** Surname first, separated by a full-width space, as Japanese business documents show names (山田　太郎). */
export function displayName(person: PersonName | null | undefined): string {
  const last = person?.last_name?.trim() ?? "";
  const first = person?.first_name?.trim() ?? "";
  if (last && first) return `${last}\u3000${first}`;
  return last || first;
}

export interface PersonKana {
  last_name_kana?: string | null;
  first_name_kana?: string | null;
}

/** The reading in the same order and with the same separator as the name. */
export function displayKana(person: PersonKana | null | undefined): string {
  return displayName({ last_name: person?.last_name_kana, first_name: person?.first_name_kana });
}
