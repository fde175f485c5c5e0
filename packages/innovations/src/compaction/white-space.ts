/**
 * White space as ECMAScript defines it for `\s` and `String.prototype.trim`: tab, line feed, vertical tab,
 * form feed, carriage return, space, no-break space, the Unicode space separators, line and paragraph
 * separators, and the byte-order mark. One definition for tokenising and for recognising blank lines.
 */
export function isWhiteSpaceCode(code: number): boolean {
  if (code <= 0x20) {
    return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  }
  if (code < 0xa0) {
    return false;
  }
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * Every white-space character of `isWhiteSpaceCode` except the space and the line feed, as data: a text
 * holding none of them has tokens separated by spaces and lines by line feeds, and nothing else.
 */
export const whiteSpaceOtherThanSpaceOrLineFeed =
  '\t\v\f\r\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';

/**
 * True when the text holds white space other than spaces and line feeds. One `indexOf` per character
 * (each a fast scan in the engine, and immediate for a character a one-byte string cannot hold) costs a
 * fraction of a regular expression's pass over the text.
 */
export function holdsOtherWhiteSpace(text: string): boolean {
  for (const character of whiteSpaceOtherThanSpaceOrLineFeed) {
    if (text.includes(character)) return true;
  }
  return false;
}

/** Splits on runs of white space and drops empty pieces, like Python's `str.split()` with no argument. */
export function splitOnWhiteSpace(text: string): string[] {
  const tokens: string[] = [];
  let start = -1;
  for (let index = 0; index < text.length; index++) {
    if (isWhiteSpaceCode(text.charCodeAt(index))) {
      if (start >= 0) {
        tokens.push(text.slice(start, index));
        start = -1;
      }
    } else if (start < 0) {
      start = index;
    }
  }
  if (start >= 0) {
    tokens.push(text.slice(start));
  }
  return tokens;
}
