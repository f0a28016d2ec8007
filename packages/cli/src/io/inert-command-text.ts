/**
 * Text written to one stream of a GitHub Actions step, made so that the runner reads no workflow command in it, while a
 * reader of the log sees the same characters.
 *
 * The runner takes a command from a line in two ways (actions/runner, src/Runner.Common/ActionCommand.cs): `::` at the
 * start of the line once `TrimStart` has removed white space (`TryParseV2`), and the legacy `##[` anywhere in the line
 * (`TryParse`, `IndexOf("##[")`); a line ends at CR, LF or CRLF (`ReadLine`). A ZERO WIDTH SPACE (U+200B, a format
 * character, not white space to .NET) goes between the two colons and between `##` and `[`: neither form is left.
 *
 * The gate (workflow-command-gate.ts) switches commands off for what skill-eval prints; this makes the same text inert
 * whether they are on or off. Both are needed because the runner reads stdout and stderr on threads of their own and
 * handles each batch's stderr lines before its stdout lines (src/Runner.Sdk/ProcessInvoker.cs, `ProcessOutput`): a
 * line of one stream can be handled while the other stream's annotations have switched commands on.
 *
 * A write can end anywhere in a line, so the state of the stream's current line is kept from one write to the next.
 */
export class InertCommandText {
  /** The current line holds only white space so far. */
  private blank = true;
  /** The current line is white space and then one `:`. */
  private oneColon = false;
  /** The last two characters of the current line. */
  private tail = '';

  /** `text`, as the stream is to print it. */
  inert(text: string): string {
    let out = '';
    for (const char of text) {
      if (char === '\n' || char === '\r') {
        this.reset();
        out += char;
        continue;
      }
      if (char === ':' && this.oneColon) out += ZWSP;
      else if (char === '[' && this.tail === '##') out += ZWSP;
      this.oneColon = char === ':' && this.blank;
      this.blank = this.blank && DOTNET_WHITE_SPACE.test(char);
      this.tail = (this.tail + char).slice(-2);
      out += char;
    }
    return out;
  }

  /** The stream is at the start of a line again (after a write that ended one, made elsewhere). */
  reset(): void {
    this.blank = true;
    this.oneColon = false;
    this.tail = '';
  }
}

const ZWSP = '\u200b';

/** What .NET's `char.IsWhiteSpace` (and so `TrimStart`) counts as white space, but the line ends. */
const DOTNET_WHITE_SPACE = /^[\t\v\f \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]$/;
