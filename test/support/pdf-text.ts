import { inflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';

/** One text showing operation (BT … TJ … ET) of a page, with where it starts and how wide it is. */
export interface PdfTextRun {
  /** Left edge, in points from the page's left side. */
  x: number;
  /** Baseline, in points from the page's top. */
  top: number;
  font: string;
  size: number;
  text: string;
  /** Advance width of the run in points, from the standard font's metrics (kerning included). */
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
    const fonts = new Map<string, string>();
    for (const match of (/\/Font <<([^>]*)>>/.exec(resources)?.[1] ?? '').matchAll(/\/(\w+) (\d+) 0 R/g))
      fonts.set(match[1]!, /\/BaseFont \/(\S+)/.exec(all.get(Number(match[2]))!.dictionary)![1]!);
    const content = all.get(reference(page, 'Contents'))!.stream!.toString('latin1');
    const runs: PdfTextRun[] = [];
    let x = 0;
    let y = 0;
    let font = '';
    let size = 0;
    for (const line of content.split('\n')) {
      const position = /^1 0 0 1 (\S+) (\S+) Tm$/.exec(line);
      if (position) [x, y] = [Number(position[1]), Number(position[2])];
      const selected = /^\/(\w+) (\S+) Tf$/.exec(line);
      if (selected) [font, size] = [fonts.get(selected[1]!)!, Number(selected[2])];
      const shown = /^\[(.*)\] TJ$/.exec(line);
      if (!shown) continue;
      const bytes = [...shown[1]!.matchAll(/<([0-9a-f]*)>/g)].flatMap((match) =>
        (match[1]!.match(/../g) ?? []).map((pair) => parseInt(pair, 16)),
      );
      const text = bytes.map((byte) => WIN_ANSI[byte] ?? String.fromCharCode(byte)).join('');
      runs.push({
        x,
        top: height! - y,
        font,
        size,
        text,
        width: metrics.font(font).fontSize(size).widthOfString(text),
      });
    }
    return { width: width!, height: height!, runs, text: runs.map((run) => run.text).join('\n') };
  });
}
