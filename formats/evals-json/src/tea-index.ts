/**
 * The fragment files a TEA workflow's `resources/tea-index.csv` indexes, as BMAD TEA's runner reads them
 * (bmad-method-test-architecture-enterprise test/eval-fragment-selection.js at c2fdbbb, lines 221-227):
 * csv-parse's `parse(text, { columns: true, skip_empty_lines: true })`, each record's `fragment_file` with a leading
 * `knowledge/` taken off. What csv-parse refuses with those options is an error here too: a quote left open, a quote
 * inside an unquoted field or text after a closing one, and a record with a different number of fields than the
 * header (its `CSV_RECORD_INCONSISTENT_COLUMNS`).
 */
export function teaIndexFragments(text: string): { fragments: Set<string> } | { problem: string } {
  const records = csvRecords(text);
  if ('problem' in records) return records;
  const [header, ...rows] = records.rows;
  if (!header) return { fragments: new Set() };
  const column = header.cells.indexOf('fragment_file');
  const fragments = new Set<string>();
  for (const row of rows) {
    if (row.cells.length !== header.cells.length) {
      return {
        problem: `Invalid Record Length: columns length is ${header.cells.length}, got ${row.cells.length} on line ${row.line}`,
      };
    }
    fragments.add((column < 0 ? '' : row.cells[column]!).replace(/^knowledge\//, ''));
  }
  return { fragments };
}

interface CsvRecord {
  cells: string[];
  /** 1-based line where the record starts. */
  line: number;
}

/** RFC 4180 records with csv-parse's strict quoting; lines holding nothing are skipped (`skip_empty_lines`). */
function csvRecords(text: string): { rows: CsvRecord[] } | { problem: string } {
  const rows: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let wasQuoted = false;
  let line = 1;
  let recordLine = 1;
  const endRecord = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== '' || wasQuoted) rows.push({ cells, line: recordLine });
    cells = [];
    cell = '';
    wasQuoted = false;
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
        const next = text[i + 1];
        if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') {
          return {
            problem: `Invalid Closing Quote: got "${next}" at line ${line} instead of delimiter or record delimiter`,
          };
        }
      } else {
        if (char === '\n') line++;
        cell += char;
      }
      continue;
    }
    if (char === '"') {
      if (cell !== '')
        return { problem: `Invalid Opening Quote: a quote is found on field ${cells.length} at line ${line}` };
      quoted = true;
      wasQuoted = true;
    } else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else cell += char;
  }
  if (quoted)
    return { problem: `Quote Not Closed: the parsing is finished with an opening quote at line ${recordLine}` };
  if (cell !== '' || cells.length > 0 || wasQuoted) endRecord();
  return { rows };
}
