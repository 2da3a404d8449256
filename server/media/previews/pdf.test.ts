import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPdf, renderPdfPage } from './pdf';
import { runTool } from './processes';
import type { FileType, PreviewOutcome, Renditions } from './types';

const corpus = (path: string) => fileURLToPath(new URL(`../../../../shared/corpus/${path}`, import.meta.url));
const neverAborted = new AbortController().signal;
let scratch: string;
let jobs = 0;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'pdf-preview-test-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

async function render(path: string, type: FileType, signal = neverAborted): Promise<PreviewOutcome> {
  const workDir = await mkdtemp(join(scratch, `job-${++jobs}-`));
  return renderPdf({ path, type, workDir, signal });
}

function renditionsOf(outcome: PreviewOutcome): Renditions {
  if (!outcome.ok) throw new Error(`expected renditions, got ${outcome.code}: ${outcome.reason}`);
  return outcome.renditions;
}

/** The preview decoded: its size, and whether it holds any ink (a blank page would not). */
async function decoded(image: Buffer) {
  const { width, height, format } = await sharp(image).metadata();
  const { channels } = await sharp(image).stats();
  return { width, height, format, darkest: Math.min(...channels.slice(0, 3).map((channel) => channel.min)) };
}

describe('renderPdf on the corpus', { timeout: 30_000 }, () => {
  it.each([
    ['pdf/two_column_6pages.pdf', 6, 1559],
    ['pdf/word-mac_quartz_2pages.pdf', 2, 1583],
  ])('%s: first page at 2048 px, portrait, page count %i from poppler', async (file, pages, width) => {
    const renditions = renditionsOf(await render(corpus(file), 'pdf'));
    expect(renditions).toMatchObject({ width, height: 2048, pageCount: pages });
    expect(renditions.damaged).toBeUndefined();
    const preview = await decoded(renditions.preview);
    expect(preview).toMatchObject({ width, height: 2048, format: 'jpeg' });
    expect(preview.darkest).toBeLessThan(80);
    const thumbnail = await decoded(renditions.thumbnail);
    expect(thumbnail.height).toBe(400);
    expect(thumbnail.width).toBeLessThan(400);
  });

  it('an Illustrator file with PDF content: its A4 artboard, not flagged', async () => {
    const renditions = renditionsOf(await render(corpus('ai/illustrator-24_pdf-compatible.ai'), 'ai'));
    expect(renditions).toMatchObject({ width: 1449, height: 2048, pageCount: 1 });
    expect(renditions.damaged).toBeUndefined();
  });

  it('an Illustrator file saved without PDF content: the artwork of its XMP thumbnail, not the placeholder page, flagged', async () => {
    const renditions = renditionsOf(
      await render(corpus('ai/illustrator-24_without-pdf-compatibility.ai'), 'ai'),
    );
    // The placeholder page would be 1449×2048 portrait; the embedded thumbnail is 256 px wide.
    expect(renditions.width).toBe(256);
    expect(renditions.damaged).toBe(
      'Saved without PDF content: showing the small preview Illustrator embedded in the file.',
    );
    expect((await decoded(renditions.preview)).width).toBe(256);
  });

  it('a truncated Illustrator file: the XMP thumbnail poppler cannot reach, flagged as a small embedded preview', async () => {
    const renditions = renditionsOf(await render(corpus('ai/illustrator_truncated-41KB.ai'), 'ai'));
    expect(renditions).toMatchObject({ width: 256, height: 152, pageCount: 1 });
    expect(renditions.damaged).toBe('This file is damaged: showing the small preview embedded in it.');
    expect(await decoded(renditions.preview)).toMatchObject({ width: 256, height: 152 });
  });
});

describe('renderPdf failures', { timeout: 30_000 }, () => {
  it('a password-protected PDF (AES-256) is "encrypted" with a clear reason', async () => {
    const path = join(scratch, 'protected.pdf');
    writeFileSync(path, encryptedPdf('secret'));
    // The fixture is a real encrypted PDF: poppler draws it given the password.
    const withPassword = await runTool(
      'pdftoppm',
      ['-upw', 'secret', '-png', '-r', '10', '-singlefile', path],
      {
        signal: neverAborted,
        timeoutMs: 20_000,
      },
    );
    expect(withPassword.code).toBe(0);
    expect(withPassword.stdout.subarray(1, 4).toString()).toBe('PNG');

    expect(await render(path, 'pdf')).toEqual({
      ok: false,
      code: 'encrypted',
      reason:
        'This PDF is protected by a password, so no preview can be made. The file can still be downloaded.',
    });
  });

  it('a file that is no PDF and has no embedded preview is "unreadable"', async () => {
    const path = join(scratch, 'not-a.pdf');
    writeFileSync(path, `%PDF-1.7\n${'garbage '.repeat(500)}`);
    expect(await render(path, 'pdf')).toEqual({
      ok: false,
      code: 'unreadable',
      reason: 'This file is damaged: no page of it could be read.',
    });
  });

  it('an aborted job stops with "timeout"', async () => {
    const outcome = await render(corpus('pdf/two_column_6pages.pdf'), 'pdf', AbortSignal.abort());
    expect(outcome).toMatchObject({ ok: false, code: 'timeout' });
  });
});

describe('renderPdfPage', { timeout: 30_000 }, () => {
  const twoPages = corpus('pdf/word-mac_quartz_2pages.pdf');

  it('draws any page as a 2048 px PNG', async () => {
    const png = await renderPdfPage(twoPages, 2, neverAborted);
    expect(png).not.toBeNull();
    expect(await sharp(png!).metadata()).toMatchObject({ format: 'png', width: 1583, height: 2048 });
  });

  it('answers null past the last page and before the first', async () => {
    expect(await renderPdfPage(twoPages, 3, neverAborted)).toBeNull();
    expect(await renderPdfPage(twoPages, 0, neverAborted)).toBeNull();
  });
});

/**
 * A one-page PDF encrypted with a user password, standard security handler revision 6 (AES-256,
 * ISO 32000-2 §7.6.4.3.3), the way Acrobat writes it today.
 */
function encryptedPdf(password: string): Buffer {
  const fileKey = randomBytes(32);
  const userPassword = Buffer.from(password, 'utf8');
  const ownerPassword = Buffer.from(`${password}-owner`, 'utf8');
  const aes256 = (key: Buffer, data: Buffer) => {
    const cipher = createCipheriv('aes-256-cbc', key, Buffer.alloc(16)).setAutoPadding(false);
    return Buffer.concat([cipher.update(data), cipher.final()]);
  };

  const [userValidation, userKeySalt, ownerValidation, ownerKeySalt] = [8, 8, 8, 8].map((n) =>
    randomBytes(n),
  ) as [Buffer, Buffer, Buffer, Buffer];
  const u = Buffer.concat([
    hash2B(userPassword, userValidation, Buffer.alloc(0)),
    userValidation,
    userKeySalt,
  ]);
  const ue = aes256(hash2B(userPassword, userKeySalt, Buffer.alloc(0)), fileKey);
  const o = Buffer.concat([hash2B(ownerPassword, ownerValidation, u), ownerValidation, ownerKeySalt]);
  const oe = aes256(hash2B(ownerPassword, ownerKeySalt, u), fileKey);
  const permissions = -1028;
  const permsPlain = Buffer.alloc(16);
  permsPlain.writeInt32LE(permissions, 0);
  permsPlain.fill(0xff, 4, 8);
  permsPlain.write('Tadb', 8, 'latin1');
  randomBytes(4).copy(permsPlain, 12);
  const permsCipher = createCipheriv('aes-256-ecb', fileKey, null).setAutoPadding(false);
  const perms = Buffer.concat([permsCipher.update(permsPlain), permsCipher.final()]);

  const content = Buffer.from('BT /F1 48 Tf 72 700 Td (Top secret) Tj ET', 'latin1');
  const iv = randomBytes(16);
  const contentCipher = createCipheriv('aes-256-cbc', fileKey, iv);
  const encryptedContent = Buffer.concat([iv, contentCipher.update(content), contentCipher.final()]);

  const hex = (bytes: Buffer) => `<${bytes.toString('hex')}>`;
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from(
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    ),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
    Buffer.concat([
      Buffer.from(`<< /Length ${encryptedContent.length} >>\nstream\n`),
      encryptedContent,
      Buffer.from('\nendstream'),
    ]),
    Buffer.from(
      `<< /Filter /Standard /V 5 /R 6 /Length 256 /CF << /StdCF << /AuthEvent /DocOpen /CFM /AESV3 /Length 32 >> >> ` +
        `/StmF /StdCF /StrF /StdCF /P ${permissions} /O ${hex(o)} /U ${hex(u)} /OE ${hex(oe)} /UE ${hex(ue)} /Perms ${hex(perms)} >>`,
    ),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  objects.forEach((body, index) => {
    offsets.push(length);
    const object = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    parts.push(object);
    length += object.length;
  });
  const id = randomBytes(16);
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 6 0 R /ID [${hex(id)} ${hex(id)}] >>`,
    'startxref',
    String(length),
    '%%EOF',
    '',
  ].join('\n');
  return Buffer.concat([...parts, Buffer.from(xref)]);
}

/** ISO 32000-2 algorithm 2.B: the password hash of revision 6. */
function hash2B(password: Buffer, salt: Buffer, userKey: Buffer): Buffer {
  let k = createHash('sha256')
    .update(Buffer.concat([password, salt, userKey]))
    .digest();
  let e = Buffer.alloc(0);
  for (let round = 0; round < 64 || (e.at(-1) ?? 0) > round - 32; round++) {
    const block = Buffer.concat([password, k, userKey]);
    const k1 = Buffer.concat(Array.from({ length: 64 }, () => block));
    const cipher = createCipheriv('aes-128-cbc', k.subarray(0, 16), k.subarray(16, 32)).setAutoPadding(false);
    e = Buffer.concat([cipher.update(k1), cipher.final()]);
    const hash = ['sha256', 'sha384', 'sha512'][e.subarray(0, 16).reduce((sum, byte) => sum + byte, 0) % 3]!;
    k = createHash(hash).update(e).digest();
  }
  return k.subarray(0, 32);
}
