/**
 * Splits one CSV line into fields (RFC 4180 quoting): commas inside double quotes do not split,
 * and a doubled quote ("") inside a quoted field stands for one quote character.
 * A trailing carriage return (a line cut from CRLF text) is ignored.
 */
export function splitCsvLine(line: string, delimiter = ","): string[] {
  const text = line.endsWith("\r") ? line.slice(0, -1) : line;
  const fields: string[] = [];
  let field = "";
  let inQuotes = false;

  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inQuotes) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          inQuotes = false;
        }
      } else {
        field += char;
      }
    } else if (char === '"' && field === "") {
      // Quotes only open a quoted field at its start; elsewhere they are ordinary characters.
      inQuotes = true;
    } else if (char === delimiter) {
      fields.push(field);
      field = "";
    } else {
      field += char;
    }
  }
  fields.push(field);
  return fields;
}

/**
 * A cell that starts with = + - @ (or a tab / carriage return) is run as a formula by Excel, so such cells
 * get a leading apostrophe, which Excel hides (as the API's staff export does).
 */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** RFC 4180 text with CRLF line ends, as Excel writes it. */
export function toCsvText(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(",")}\r\n`).join("");
}

/** UTF-8 with a BOM: Excel opens it by double-click without garbling Japanese. */
export function csvBlob(rows: readonly (readonly string[])[]): Blob {
  return new Blob([`\uFEFF${toCsvText(rows)}`], { type: "text/csv;charset=utf-8" });
}
