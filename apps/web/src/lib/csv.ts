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
