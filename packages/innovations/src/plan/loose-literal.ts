/**
 * A lenient reader for the literals LLMs write: JSON, and the Python-literal dialect small models
 * often fall back to (single-quoted strings, `None`/`True`/`False`), with trailing commas and
 * unquoted object keys tolerated. Returns `undefined` when the text is not one complete literal.
 */
export function parseLooseLiteral(text: string): unknown {
  const reader = new LiteralReader(text);
  try {
    const value = reader.readValue();
    reader.skipSpace();
    return reader.atEnd() ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The end of the literal at `start`: from the one-pass map when it is reliable, else by scanning
 * from `start` within the shared budget.
 */
export function literalEnd(
  text: string,
  start: number,
  found: { ends: Map<number, number>; reliable: boolean },
  budget: ScanBudget,
): number | undefined {
  const end = found.ends.get(start);
  if (end !== undefined || found.reliable) return end;
  return findBalancedEnd(text, start, budget);
}

/**
 * Characters a search for embedded literals may scan in all, shared by every candidate start: a
 * multiple of the text's length, so reading model output stays linear however its brackets are
 * (unbalanced `[[[[…` made the search quadratic).
 */
export class ScanBudget {
  remaining: number;

  constructor(textLength: number, perCharacter = 8) {
    this.remaining = textLength * perCharacter + 1_000;
  }

  get exhausted(): boolean {
    return this.remaining <= 0;
  }

  /** Spends `amount`; false once nothing is left. */
  spend(amount: number): boolean {
    this.remaining -= amount;
    return this.remaining > 0;
  }
}

/**
 * Walks `text` from `start`, skipping quoted strings (an apostrophe inside a word, "performer's", is
 * not a quote in a JSON-ish text), and calls `visit` with each bracket; stops when `visit` returns
 * false or `budget` runs out. Says whether the walk ended inside an unclosed quote.
 */
function walkBrackets(
  text: string,
  start: number,
  visit: (character: string, index: number) => boolean,
  budget?: ScanBudget,
): { readonly inQuote: boolean } {
  let quote: string | undefined;
  for (let index = start; index < text.length; index += 1) {
    if (budget !== undefined && !budget.spend(1)) break;
    const character = text.charAt(index);
    if (quote !== undefined) {
      if (character === '\\') index += 1;
      else if (character === quote) quote = undefined;
      continue;
    }
    if (character === '"' || character === "'") {
      if (character === "'" && /[\p{L}\p{N}]/u.test(text.charAt(index - 1))) continue;
      quote = character;
    } else if (character === '[' || character === '{' || character === ']' || character === '}') {
      if (!visit(character, index)) break;
    }
  }
  return { inQuote: quote !== undefined };
}

const closing: Readonly<Record<string, string>> = { '[': ']', '{': '}' };

/**
 * Every bracketed literal's end, in one pass: `[` or `{` position → end index (exclusive), for each
 * one that balances, reading quotes from the start of the text. Linear, where calling
 * `findBalancedEnd` at each bracket is quadratic on unbalanced input. `reliable` is false when the
 * pass ended inside an unclosed quote (a stray quote in prose): callers then check each start alone.
 */
export function balancedEnds(text: string): { ends: Map<number, number>; reliable: boolean } {
  const ends = new Map<number, number>();
  const open: { position: number; close: string }[] = [];
  const { inQuote } = walkBrackets(text, 0, (character, index) => {
    const close = closing[character];
    if (close !== undefined) open.push({ position: index, close });
    else {
      const top = open.pop();
      // A close that does not match ends every literal still open: none of them can balance.
      if (top === undefined || top.close !== character) open.length = 0;
      else ends.set(top.position, index + 1);
    }
    return true;
  });
  return { ends, reliable: !inQuote };
}

/**
 * The end index (exclusive) of the bracketed literal that starts at `start` (a `[` or `{`),
 * honouring quoted strings; `undefined` when the brackets never balance (or `budget` runs out).
 */
export function findBalancedEnd(text: string, start: number, budget?: ScanBudget): number | undefined {
  const stack: string[] = [];
  let end: number | undefined;
  walkBrackets(
    text,
    start,
    (character, index) => {
      const close = closing[character];
      if (close !== undefined) {
        stack.push(close);
        return true;
      }
      if (stack.pop() !== character) return false;
      if (stack.length > 0) return true;
      end = index + 1;
      return false;
    },
    budget,
  );
  return end;
}

/** Deeper nesting than this is not a plan: the reader gives up instead of recursing on. */
export const maxLiteralDepth = 64;

/** Thrown by the reader where the text stops being a literal; `parseLooseLiteral` returns undefined. */
class NotALiteral extends Error {}

class LiteralReader {
  private position = 0;
  private depth = 0;

  constructor(private readonly text: string) {}

  atEnd(): boolean {
    return this.position >= this.text.length;
  }

  skipSpace(): void {
    // charAt past the end is '', which is no white space.
    while (/\s/.test(this.text.charAt(this.position))) this.position += 1;
  }

  readValue(): unknown {
    this.skipSpace();
    const character = this.text[this.position];
    if (character === '[' || character === '{') {
      if (this.depth >= maxLiteralDepth) throw new NotALiteral();
      this.depth += 1;
      try {
        return character === '[' ? this.readArray() : this.readObject();
      } finally {
        this.depth -= 1;
      }
    }
    if (character === '"' || character === "'") return this.readString();
    return this.readBare();
  }

  private expect(character: string): void {
    if (this.text[this.position] !== character) throw new NotALiteral();
    this.position += 1;
  }

  private readArray(): unknown[] {
    this.expect('[');
    const values: unknown[] = [];
    for (;;) {
      this.skipSpace();
      if (this.text[this.position] === ']') {
        this.position += 1;
        return values;
      }
      values.push(this.readValue());
      this.skipSpace();
      if (this.text[this.position] === ',') this.position += 1;
      else if (this.text[this.position] !== ']') throw new NotALiteral();
    }
  }

  private readObject(): Record<string, unknown> {
    this.expect('{');
    const value: Record<string, unknown> = {};
    for (;;) {
      this.skipSpace();
      if (this.text[this.position] === '}') {
        this.position += 1;
        return value;
      }
      const character = this.text[this.position];
      const key = character === '"' || character === "'" ? this.readString() : this.readKey();
      this.skipSpace();
      this.expect(':');
      value[key] = this.readValue();
      this.skipSpace();
      if (this.text[this.position] === ',') this.position += 1;
      else if (this.text[this.position] !== '}') throw new NotALiteral();
    }
  }

  private readKey(): string {
    const match = /^[A-Za-z_$][\w$-]*/.exec(this.text.slice(this.position));
    if (match === null) throw new NotALiteral();
    this.position += match[0].length;
    return match[0];
  }

  private readString(): string {
    const quote = this.text[this.position];
    this.position += 1;
    let result = '';
    for (;;) {
      const character = this.text[this.position];
      if (character === undefined) throw new NotALiteral();
      this.position += 1;
      if (character === quote) return result;
      if (character !== '\\') {
        result += character;
        continue;
      }
      // A backslash at the very end escapes '': the next character read is the end.
      const escaped = this.text.charAt(this.position);
      this.position += 1;
      if (escaped === 'n') result += '\n';
      else if (escaped === 't') result += '\t';
      else if (escaped === 'r') result += '\r';
      else if (escaped === 'u') {
        const code = this.text.slice(this.position, this.position + 4);
        if (!/^[0-9a-fA-F]{4}$/.test(code)) throw new NotALiteral();
        result += String.fromCharCode(Number.parseInt(code, 16));
        this.position += 4;
      } else result += escaped;
    }
  }

  private readBare(): unknown {
    const match = /^[^\s,\]}:]+/.exec(this.text.slice(this.position));
    if (match === null) throw new NotALiteral();
    this.position += match[0].length;
    const word = match[0];
    if (word === 'null' || word === 'None') return null;
    if (word === 'true' || word === 'True') return true;
    if (word === 'false' || word === 'False') return false;
    if (/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(word)) return Number(word);
    throw new NotALiteral();
  }
}
