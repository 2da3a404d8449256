import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderIndd } from './indd';
import type { PreviewOutcome } from './types';

const corpus = (path: string) => fileURLToPath(new URL(`../../../../shared/corpus/${path}`, import.meta.url));
const neverAborted = new AbortController().signal;
let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'indd-preview-test-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

async function render(path: string): Promise<PreviewOutcome> {
  return renderIndd({
    path,
    type: 'indd',
    workDir: await mkdtemp(join(scratch, 'job-')),
    signal: neverAborted,
  });
}

describe('renderIndd', () => {
  it.each(['indd/indesign-2020_no-preview.indd', 'indd/indesign-3_exiftool-stripped.indd'])(
    '%s has no embedded preview: "unreadable" with the reason',
    async (file) => {
      expect(await render(corpus(file))).toEqual({
        ok: false,
        code: 'unreadable',
        reason: 'This InDesign file has no embedded preview.',
      });
    },
  );

  it('shows the page preview InDesign embeds, with the page count of the XMP', async () => {
    // The 2020 corpus document with the XMP page previews InDesign writes when previews are on.
    const page = await sharp({ create: { width: 1024, height: 1325, channels: 3, background: '#2050a0' } })
      .jpeg()
      .toBuffer();
    const thumbnail = await sharp(page).resize(128).jpeg().toBuffer();
    const encode = (bytes: Buffer) =>
      bytes
        .toString('base64')
        .match(/.{1,76}/g)!
        .join('&#xA;');
    const xmp =
      `<xmpTPg:NPages>3</xmpTPg:NPages><xmp:Thumbnails><rdf:Alt><rdf:li rdf:parseType="Resource">` +
      `<xmpGImg:format>JPEG</xmpGImg:format><xmpGImg:image>${encode(thumbnail)}</xmpGImg:image></rdf:li></rdf:Alt></xmp:Thumbnails>` +
      `<xmp:PageInfo><rdf:Seq><rdf:li rdf:parseType="Resource"><xmpTPg:PageNumber>1</xmpTPg:PageNumber>` +
      `<xmpGImg:image>${encode(page)}</xmpGImg:image></rdf:li></rdf:Seq></xmp:PageInfo>`;
    const path = join(scratch, 'with-previews.indd');
    writeFileSync(
      path,
      Buffer.concat([readFileSync(corpus('indd/indesign-2020_no-preview.indd')), Buffer.from(xmp)]),
    );

    const outcome = await render(path);
    if (!outcome.ok) throw new Error(outcome.reason);
    expect(outcome.renditions).toMatchObject({ width: 1024, height: 1325, pageCount: 3 });
    expect(await sharp(outcome.renditions.thumbnail).metadata()).toMatchObject({ width: 309, height: 400 });
  });
});
