import type { Translation, Translator } from './translation-port';

/**
 * On an engine that translates one text at a time, a background text is sent in pieces of at most this many
 * characters (cut at sentence ends), so a chat message waits behind one piece at most, never behind a whole
 * 2,000-character statement.
 */
export const BACKGROUND_PIECE_CHARS = 400;

/**
 * One translator, two lanes (issue 33). `live` is the chat: a sender is waiting for the answer. `background`
 * is everything nobody is waiting on (dispute statements, descriptions, reasons, notes): one text (or piece) at
 * a time in this process, started only when no chat translation is running, so a flood of statements never
 * makes a conversation wait behind it. On an engine with several slots (the local command's processes, Google)
 * the background takes one and the chat has the others; on an engine that translates one text at a time (APy)
 * long texts go in pieces, so the chat waits behind one piece at most. The wait for the lane is not the
 * engine's time: each piece still has the translator's own time-out.
 */
export interface TranslationLanes {
  live: Translator;
  background: Translator;
}

export function translationLanes(inner: Translator, options: { pieceChars?: number } = {}): TranslationLanes {
  // Pieces only where the chat would queue behind the background inside the engine itself.
  const pieceChars = (inner.slots ?? 1) > 1 ? Infinity : (options.pieceChars ?? BACKGROUND_PIECE_CHARS);
  let liveRunning = 0;
  let backgroundBusy = false;
  const waiting: Array<() => void> = [];

  /** Let the next background piece go when nothing holds the engine for the chat or another piece. */
  const wake = () => {
    if (liveRunning > 0 || backgroundBusy) return;
    const next = waiting.shift();
    if (!next) return;
    backgroundBusy = true;
    next();
  };
  const backgroundTurn = () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      wake();
    });
  const endBackgroundTurn = () => {
    backgroundBusy = false;
    wake();
  };

  const live: Translator = {
    ...describe(inner),
    async translate(text, to, from) {
      liveRunning++;
      try {
        return await inner.translate(text, to, from);
      } finally {
        liveRunning--;
        wake();
      }
    },
  };

  const background: Translator = {
    ...describe(inner),
    async translate(text, to, from): Promise<Translation> {
      const out: string[] = [];
      let detectedSource: string | null = null;
      for (const [index, piece] of splitIntoPieces(text, pieceChars).entries()) {
        const { lead, core, trail } = trimmed(piece);
        if (!core) {
          out.push(piece);
          continue;
        }
        await backgroundTurn();
        try {
          const result = await inner.translate(core, to, from);
          if (index === 0 || detectedSource === null) detectedSource = result.detectedSource;
          out.push(lead + result.text + trail);
        } finally {
          endBackgroundTurn();
        }
      }
      return { text: out.join(''), detectedSource };
    },
  };
  return { live, background };
}

function describe(t: Translator): Omit<Translator, 'translate'> {
  return { enabled: t.enabled, provider: t.provider, pairs: t.pairs, via: t.via, slots: t.slots };
}

function trimmed(piece: string) {
  const m = /^(\s*)([\s\S]*?)(\s*)$/.exec(piece)!;
  return { lead: m[1], core: m[2], trail: m[3] };
}

/**
 * The text cut into consecutive pieces of at most `max` characters that join back into it exactly: whole
 * sentences (or lines) packed together; a sentence longer than `max` cut at its last space before it (or, a
 * word that long, at `max`).
 */
export function splitIntoPieces(text: string, max: number): string[] {
  if (text.length <= max) return [text];
  const sentences = text.match(/[^.!?…\n]*(?:[.!?…]+["'”’)\]]*|\n+|$)\s*/g)?.filter(Boolean) ?? [text];
  const pieces: string[] = [];
  let current = '';
  const push = () => {
    if (current) pieces.push(current);
    current = '';
  };
  for (let sentence of sentences) {
    if (current.length + sentence.length <= max) {
      current += sentence;
      continue;
    }
    push();
    while (sentence.length > max) {
      const space = sentence.lastIndexOf(' ', max);
      const cut = space > 0 ? space + 1 : max;
      pieces.push(sentence.slice(0, cut));
      sentence = sentence.slice(cut);
    }
    current = sentence;
  }
  push();
  return pieces;
}
