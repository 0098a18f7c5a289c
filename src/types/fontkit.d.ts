// fontkit (pdfkit's font engine, a dependency of its own here) ships no types: only what the service calls.
declare module 'fontkit' {
  export interface Font {
    postscriptName: string;
    hasGlyphForCodePoint(codePoint: number): boolean;
    /** Shapes text into glyphs (pdfkit calls it; here it marks a font pdfkit can embed as it is). */
    layout(text: string): unknown;
  }
  /** Opens a font file's bytes (a TrueType/OpenType font, not a collection). */
  export function create(buffer: Buffer): Font;
}
