import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import iconv from 'iconv-lite';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTool } from './processes';
import { escapeXml, parseCsv, renderText, textPageSvg } from './text';
import type { FileType, PreviewOutcome, Renditions } from './types';

const corpus = (path: string) => fileURLToPath(new URL(`../../../../shared/corpus/${path}`, import.meta.url));
const neverAborted = new AbortController().signal;
let scratch: string;
let files = 0;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'text-preview-test-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

async function render(path: string, type: FileType): Promise<PreviewOutcome> {
  const workDir = await mkdtemp(join(scratch, 'job-'));
  return renderText({ path, type, workDir, signal: neverAborted });
}

async function renderBytes(bytes: Buffer, type: 'csv' | 'txt'): Promise<Renditions> {
  const path = join(scratch, `file-${++files}.${type}`);
  writeFileSync(path, bytes);
  return renditionsOf(await render(path, type));
}

function renditionsOf(outcome: PreviewOutcome): Renditions {
  if (!outcome.ok) throw new Error(`expected renditions, got ${outcome.code}: ${outcome.reason}`);
  return outcome.renditions;
}

async function pixels(image: Buffer): Promise<Buffer> {
  return sharp(image).raw().toBuffer();
}

describe('renderText on the corpus', { timeout: 20_000 }, () => {
  it('a CSV is a landscape page with ink on it', async () => {
    const renditions = renditionsOf(await render(corpus('text/chicago_potholes.csv'), 'csv'));
    expect(renditions).toMatchObject({ width: 2048, height: 1448, pageCount: 1 });
    const { channels } = await sharp(renditions.preview).stats();
    expect(channels[0]!.min).toBeLessThan(60);
    expect(await sharp(renditions.thumbnail).metadata()).toMatchObject({ width: 400, height: 283 });
  });

  it('the cp1251 CSV draws exactly as the same table in UTF-8 (its charset was detected)', async () => {
    const renditions = renditionsOf(await render(corpus('text/cyrillic_cp1251.csv'), 'csv'));
    expect(renditions).toMatchObject({ width: 2048, height: 1448 });
    const asUtf8 = iconv.decode(readFileSync(corpus('text/cyrillic_cp1251.csv')), 'windows-1251');
    const reference = await renderBytes(Buffer.from(asUtf8, 'utf8'), 'csv');
    expect((await pixels(renditions.preview)).equals(await pixels(reference.preview))).toBe(true);
  });

  it('a text file is a portrait page', async () => {
    const renditions = renditionsOf(await render(corpus('text/little_bo_peep.txt'), 'txt'));
    expect(renditions).toMatchObject({ width: 1448, height: 2048, pageCount: 1 });
  });

  it('the page font covers Cyrillic (DejaVu Sans Mono through fontconfig)', async () => {
    const { stdout } = await runTool('fc-list', [':charset=0416 0449', 'family'], {
      signal: neverAborted,
      timeoutMs: 20_000,
    });
    expect(stdout.toString('utf8')).toContain('DejaVu Sans Mono');
  });
});

describe('renderText with generated files', { timeout: 20_000 }, () => {
  const table = 'Город,Население,Доля\nМосква,13010112,8.9%\n"Санкт-Петербург, город",5601911,3.8%\n';

  it('draws a CSV in UTF-16 (with a mark) and one in cp1252 as their UTF-8 twins', async () => {
    const utf8 = await pixels((await renderBytes(Buffer.from(table, 'utf8'), 'csv')).preview);
    const utf16 = await pixels(
      (await renderBytes(iconv.encode(table, 'utf-16le', { addBOM: true }), 'csv')).preview,
    );
    expect(utf16.equals(utf8)).toBe(true);

    const western = 'Produit;Prix\nCafé crème;2,50 €\nCrêpe flambée;7,00 €\n';
    const westernUtf8 = await pixels((await renderBytes(Buffer.from(western, 'utf8'), 'csv')).preview);
    const cp1252 = await pixels((await renderBytes(iconv.encode(western, 'windows-1252'), 'csv')).preview);
    expect(cp1252.equals(westernUtf8)).toBe(true);
  });

  it('draws markup in the text as text: no element of it reaches the page', async () => {
    const hostile =
      '<script>alert(1)</script> ]]> &amp; "quoted" \'single\'\n' +
      '</text><rect x="0" y="0" width="5000" height="5000" fill="#000000"/><text>\n' +
      '<![CDATA[ x ]]> <!-- comment --> <?xml version="1.0"?>\n';
    const svg = textPageSvg(hostile, 'txt');
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain('<rect x="0" y="0" width="5000"');
    expect(svg).toContain('&lt;script&gt;alert(1)&lt;/script&gt; ]]&gt; &amp;amp;');
    expect(svg.match(/<text /g)).toHaveLength(3);

    const renditions = await renderBytes(Buffer.from(hostile, 'utf8'), 'txt');
    // Had the rectangle become markup, the page would be black.
    const { channels } = await sharp(renditions.preview).stats();
    expect(channels[0]!.mean).toBeGreaterThan(235);
  });

  it('keeps characters XML forbids from breaking the page', async () => {
    const renditions = await renderBytes(
      Buffer.from('bell\u0007 nul\u0000 escape\u001b form\u000c end\n', 'utf8'),
      'txt',
    );
    expect(renditions.width).toBe(1448);
    expect(escapeXml('a\u0000b\u001bc\uD800d')).toBe('a\uFFFDb\uFFFDc\uFFFDd');
  });

  it('draws an empty file as an empty page that says so', async () => {
    expect(textPageSvg('', 'txt')).toContain('(empty file)');
    expect((await renderBytes(Buffer.alloc(0), 'txt')).height).toBe(2048);
  });
});

describe('textPageSvg', () => {
  it('shows at most a page of lines, each cut to the page width', () => {
    const long = Array.from({ length: 500 }, (_, i) => `${i} ${'x'.repeat(300)}`).join('\n');
    const svg = textPageSvg(long, 'txt');
    const lines = [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((match) => match[1]!);
    expect(lines).toHaveLength(63);
    expect(lines.every((line) => Array.from(line).length === 98 && line.endsWith('…'))).toBe(true);
  });

  it('aligns CSV columns under a ruled header, numbers to the right', () => {
    const svg = textPageSvg('name,count\nalpha,5\nbe,12345\n', 'csv');
    const lines = [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((match) => match[1]!);
    expect(lines).toEqual(['name  │ count', '──────┼──────', 'alpha │     5', 'be    │ 12345']);
    expect(svg).toMatch(/font-weight="bold">name/);
  });

  it('reads ; and tab separated files as tables too', () => {
    const semicolons = textPageSvg('a;b\n1;2\n', 'csv');
    expect(semicolons).toContain('a │ b');
    const tabs = textPageSvg('a\tb\n1\t2\n', 'csv');
    expect(tabs).toContain('a │ b');
  });
});

describe('parseCsv', () => {
  it('keeps delimiters, doubled quotes and line breaks inside quoted fields', () => {
    expect(parseCsv('a,"b, c","say ""hi""","two\nlines"\r\nx,y,z,w', ',', 10)).toEqual([
      ['a', 'b, c', 'say "hi"', 'two\nlines'],
      ['x', 'y', 'z', 'w'],
    ]);
  });

  it('stops after the records asked for', () => {
    expect(parseCsv('1\n2\n3\n4\n', ',', 2)).toEqual([['1'], ['2']]);
  });
});
