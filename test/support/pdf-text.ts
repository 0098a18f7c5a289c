import { inflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';

/** One text showing operation (BT … TJ … ET) of a page, with where it starts and how wide it is. */
export interface PdfTextRun {
  /** Left edge, in points from the page's left side. */
  x: number;
  /** Baseline, in points from the page's top. */
  top: number;
  /** The font's PostScript name without a subset's tag ("DejaVuSansCondensed-Bold", "Helvetica"). */
  font: string;
  size: number;
  text: string;
  /**
   * Advance width of the run in points (kerning included): from the embedded font's /W widths, or from the
   * standard font's metrics.
   */
  width: number;
}

export interface PdfPage {
  width: number;
  height: number;
  runs: PdfTextRun[];
  /** The page's text runs joined in drawing order, one run per line. */
  text: string;
}

interface PdfObject {
  dictionary: string;
  stream?: Buffer;
}

/** WinAnsi bytes that differ from Latin-1 and that the report may print. */
const WIN_ANSI: Record<number, string> = {
  0x85: '…',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x95: '•',
  0x96: '–',
  0x97: '—',
};

function objects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const found = new Map<number, PdfObject>();
  const header = /(\d+) 0 obj\n/g;
  for (let match = header.exec(text); match; match = header.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('\nendobj', start);
    const streamAt = text.indexOf('\nstream\n', start);
    if (streamAt !== -1 && streamAt < end) {
      const dictionary = text.slice(start, streamAt);
      const length = Number(/\/Length (\d+)/.exec(dictionary)?.[1]);
      const raw = pdf.subarray(streamAt + 8, streamAt + 8 + length);
      found.set(Number(match[1]), {
        dictionary,
        stream: dictionary.includes('/FlateDecode') ? inflateSync(raw) : raw,
      });
      header.lastIndex = streamAt + 8 + length;
    } else {
      found.set(Number(match[1]), { dictionary: text.slice(start, end) });
      header.lastIndex = end;
    }
  }
  return found;
}

const reference = (dictionary: string, key: string) => Number(new RegExp(`/${key} (\\d+) 0 R`).exec(dictionary)?.[1]);

/** How a page's font turns the bytes of a TJ string into text, and glyphs into widths. */
interface FontReader {
  name: string;
  /** The shown text and, for an embedded font, its width in thousandths of the font size. */
  decode(hex: string): { text: string; width: number | null };
}

const hexText = (hex: string) => String.fromCharCode(...(hex.match(/..../g) ?? []).map((unit) => parseInt(unit, 16)));

/**
 * An embedded (Type0, Identity-H) font as pdfkit writes it: two bytes a glyph, the glyph's text from the
 * ToUnicode CMap (`<first> <last> [<utf-16> …]` ranges; a ligature maps to several code units) and its width
 * from the descendant font's /W array.
 */
function embeddedFont(all: Map<number, PdfObject>, dictionary: string): FontReader {
  const unicode = new Map<number, string>();
  const cmap = all.get(reference(dictionary, 'ToUnicode'))!.stream!.toString('latin1');
  for (const range of cmap.matchAll(/<([0-9a-f]+)> <([0-9a-f]+)> \[([^\]]*)\]/gi)) {
    const first = parseInt(range[1]!, 16);
    for (const [index, entry] of [...range[3]!.matchAll(/<([0-9a-f ]*)>/gi)].entries())
      unicode.set(first + index, hexText(entry[1]!.replace(/ /g, '')));
  }
  const descendant = all.get(Number(/\/DescendantFonts \[(\d+) 0 R\]/.exec(dictionary)![1]))!.dictionary;
  const widths = new Map<number, number>();
  const tokens = (/\/W \[(.*)\]/s.exec(descendant)?.[1] ?? '').match(/\[|\]|[\d.]+/g) ?? [];
  for (let index = 0; index < tokens.length;) {
    const first = Number(tokens[index]);
    if (tokens[index + 1] === '[') {
      index += 2;
      for (let cid = first; tokens[index] !== ']'; cid += 1, index += 1) widths.set(cid, Number(tokens[index]));
      index += 1;
    } else {
      for (let cid = first; cid <= Number(tokens[index + 1]); cid += 1) widths.set(cid, Number(tokens[index + 2]));
      index += 3;
    }
  }
  return {
    name: /\/BaseFont \/(?:[A-Z]{6}\+)?(\S+)/.exec(dictionary)![1]!,
    decode(hex) {
      const glyphs = (hex.match(/..../g) ?? []).map((unit) => parseInt(unit, 16));
      return {
        text: glyphs.map((glyph) => unicode.get(glyph) ?? '').join(''),
        width: glyphs.reduce((sum, glyph) => sum + (widths.get(glyph) ?? 0), 0),
      };
    },
  };
}

/** A standard font: one WinAnsi byte a character; widths from pdfkit's metrics of the font. */
function standardFont(dictionary: string): FontReader {
  return {
    name: /\/BaseFont \/(\S+)/.exec(dictionary)![1]!,
    decode: (hex) => ({
      text: (hex.match(/../g) ?? [])
        .map((pair) => WIN_ANSI[parseInt(pair, 16)] ?? String.fromCharCode(parseInt(pair, 16)))
        .join(''),
      width: null,
    }),
  };
}

/**
 * The text of each page of a pdfkit PDF (compressed or not), in page order, with positions and widths:
 * enough to read what a page says and to check that nothing is drawn past a margin.
 */
export function pdfPages(pdf: Buffer): PdfPage[] {
  const all = objects(pdf);
  const metrics = new PDFDocument({ autoFirstPage: false });
  const root = [...all.values()].find((object) => /\/Type \/Pages\b/.test(object.dictionary))!;
  const kids = [...(/\/Kids \[([^\]]*)\]/.exec(root.dictionary)?.[1] ?? '').matchAll(/(\d+) 0 R/g)].map((match) =>
    Number(match[1]),
  );
  return kids.map((id) => {
    const page = all.get(id)!.dictionary;
    const [, , width, height] = (/\/MediaBox \[([^\]]*)\]/.exec(page)?.[1] ?? '').trim().split(/\s+/).map(Number);
    const resources = all.get(reference(page, 'Resources'))!.dictionary;
    const fonts = new Map<string, FontReader>();
    for (const match of (/\/Font <<([^>]*)>>/.exec(resources)?.[1] ?? '').matchAll(/\/(\w+) (\d+) 0 R/g)) {
      const dictionary = all.get(Number(match[2]))!.dictionary;
      fonts.set(
        match[1]!,
        /\/Subtype \/Type0/.test(dictionary) ? embeddedFont(all, dictionary) : standardFont(dictionary),
      );
    }
    const content = all.get(reference(page, 'Contents'))!.stream!.toString('latin1');
    const runs: PdfTextRun[] = [];
    let x = 0;
    let y = 0;
    let font: FontReader | undefined;
    let size = 0;
    for (const line of content.split('\n')) {
      const position = /^1 0 0 1 (\S+) (\S+) Tm$/.exec(line);
      if (position) [x, y] = [Number(position[1]), Number(position[2])];
      const selected = /^\/(\w+) (\S+) Tf$/.exec(line);
      if (selected) [font, size] = [fonts.get(selected[1]!)!, Number(selected[2])];
      const shown = /^\[(.*)\] TJ$/.exec(line);
      if (!shown || !font) continue;
      // Strings (<hex>) and the kerning between them (a number, in thousandths of the size, moving left).
      let text = '';
      let advance: number | null = 0;
      for (const [, hex, adjustment] of shown[1]!.matchAll(/<([0-9a-f]*)>|(-?[\d.]+)/g)) {
        if (hex === undefined) {
          if (advance !== null) advance -= Number(adjustment);
          continue;
        }
        const decoded = font.decode(hex);
        text += decoded.text;
        advance = advance === null || decoded.width === null ? null : advance + decoded.width;
      }
      runs.push({
        x,
        top: height! - y,
        font: font.name,
        size,
        text,
        width: advance === null ? metrics.font(font.name).fontSize(size).widthOfString(text) : (advance * size) / 1000,
      });
    }
    return { width: width!, height: height!, runs, text: runs.map((run) => run.text).join('\n') };
  });
}
