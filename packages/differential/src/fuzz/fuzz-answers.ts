import type { SeededRandom } from './seeded-random.js';

/** Words of several scripts and cases, with the letters case-folding trips on (Turkish İ/ı, ß, accents both ways). */
const WORDS = [
  'Hello',
  'hello',
  'HELLO',
  'World',
  'world',
  'the',
  'The',
  'cat',
  'answer',
  'Paris',
  'İstanbul',
  'ılık',
  'straße',
  'caf\u00e9',
  'cafe\u0301',
  '👍',
  '🎉',
  'naïve',
  'ÅNGSTRÖM',
  'yes',
  'no',
  'true',
  'null',
  'done',
  'ok',
  'Ünïcödé',
];
const NUMBERS = ['42', '-1', '3.14', '0', '1e3', '007', '1,000', 'NaN'];
/** Separators between pieces: spaces, tabs, line endings of every kind, no-break and zero-width spaces. */
const SEPARATORS = [' ', ' ', ' ', '  ', '\t', '\n', '\r\n', '\n\n', '\u00a0', '\u200b', ', ', '. '];
/** What an answer may start or end with: nothing (mostly), whitespace, a BOM, a fence. */
const EDGES = ['', '', '', '', ' ', '\n', '\r\n', '  \n', '\t', '\ufeff', '\u00a0'];

/** A JSON value, nested up to `depth`. */
export function jsonValue(random: SeededRandom, depth = 2): unknown {
  const kind = random.int(0, depth > 0 ? 6 : 4);
  switch (kind) {
    case 0:
      return random.pick(WORDS);
    case 1:
      return Number(random.pick(['42', '-1', '3.14', '0', '1000']));
    case 2:
      return random.chance(0.5);
    case 3:
      return null;
    case 4:
      return `${random.pick(WORDS)} ${random.pick(WORDS)}`;
    case 5:
      return Array.from({ length: random.int(0, 3) }, () => jsonValue(random, depth - 1));
    default: {
      const object: Record<string, unknown> = {};
      for (let i = random.int(0, 3); i > 0; i--)
        object[random.pick(['name', 'age', 'tags', 'a', 'b', 'ok', 'user'])] = jsonValue(random, depth - 1);
      return object;
    }
  }
}

/** JSON text, well-formed or broken in the ways agents break it (a trailing comma, a missing brace, single quotes). */
function jsonText(random: SeededRandom): string {
  const text = JSON.stringify(jsonValue(random), null, random.chance(0.3) ? 2 : undefined);
  switch (random.int(0, 6)) {
    case 0:
      return text.replace(/}$/, ',}');
    case 1:
      return text.slice(0, -1);
    case 2:
      return text.replaceAll('"', "'");
    case 3:
      return `\`\`\`json\n${text}\n\`\`\``;
    default:
      return text;
  }
}

/** One piece of an answer. */
function piece(random: SeededRandom): string {
  switch (random.int(0, 11)) {
    case 0:
    case 1:
    case 2:
    case 3:
      return random.pick(WORDS);
    case 4:
      return random.pick(NUMBERS);
    case 5:
    case 6:
      return jsonText(random);
    case 7:
      return random.pick([
        '<p>Hi <b>there</b></p>',
        '<div class="x">ok</div>',
        '<br>',
        '<p>unclosed',
        '<root><a>1</a></root>',
      ]);
    case 8:
      return random.pick(['SELECT id FROM users WHERE id = 1', 'select * from t', 'DROP TABLE x;', 'SELECT FROM']);
    case 9:
      return random.pick(['a.b*c', '(x)', '[y]', '{z}', '^$', 'a|b', '\\d+', '?']);
    case 10:
      return random.pick(["I'm sorry, but I cannot help with that.", 'I can’t do that.', 'As an AI, I cannot']);
    default:
      return random.pick(WORDS).toLowerCase();
  }
}

/** An agent's answer from the grammar: empty, a few pieces, or a long text; any of them edged with whitespace or a BOM. */
export function fuzzAnswer(random: SeededRandom): string {
  if (random.chance(0.04)) return random.pick(['', ' ', '\n', '\r\n', '\ufeff']);
  const count = random.chance(0.05) ? random.int(200, 800) : random.int(1, 6);
  let body = piece(random);
  for (let i = 1; i < count; i++) body += random.pick(SEPARATORS) + piece(random);
  return random.pick(EDGES) + body + random.pick(EDGES);
}
