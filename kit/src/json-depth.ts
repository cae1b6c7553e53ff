/**
 * How deeply a JSON body may nest arrays and objects: far above any payload Brigade takes (its contracts go
 * three or four levels deep), far below what overflows the stack (JSON.parse's reviver and JSON.stringify
 * recurse once per level and give up a few thousand levels down).
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether a UTF-8 JSON text nests deeper than `max`, read before anything parses it: `[` and `{` count outside
 * strings only (escapes honoured). Bytes of multi-byte characters never look like ASCII punctuation.
 */
export function jsonNestedDeeperThan(bytes: Uint8Array, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i];
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > max) return true;
    } else if ((c === 0x5d /* ] */ || c === 0x7d) /* } */ && depth > 0) depth--;
  }
  return false;
}
