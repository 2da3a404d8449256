import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_TAKEN } from '@common/api/errors';
import { AVATAR_MAX_BYTES } from '@common/limits';
import { buildUser, signedIn, type BuiltUser } from './factories';
import { ApiClient, startTestApp, type TestApp } from './harness';

const CORPUS = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));
const corpusFile = (path: string) => readFileSync(join(CORPUS, path));
const PNG = corpusFile('png/16bit-grey-alpha_109x96.png');
const JPEG = corpusFile('jpeg/cmyk_swop-profile_500x333.jpg');
const GIF = corpusFile('gif/golden-ratio_animated-loop-3_10frames.gif');
const PDF = corpusFile('pdf/word-mac_quartz_2pages.pdf');
const TEXT = corpusFile('text/little_bo_peep.txt');
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const AVATAR_INVALID = ['Avatar should be a valid file.'];

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A profile form as the web app sends it: text fields, and the avatar as a file part. */
function profileForm(
  fields: Record<string, string>,
  avatar?: { data: Buffer; name: string; type: string },
): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (avatar)
    form.append('avatar', new Blob([new Uint8Array(avatar.data)], { type: avatar.type }), avatar.name);
  return form;
}

/** A session cookie from the real sign-in call, for raw byte downloads the JSON client cannot make. */
async function sessionCookie(user: BuiltUser): Promise<string> {
  const answer = await fetch(`${t.baseUrl}/api/v1/users/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  const line = answer.headers.getSetCookie().find((l) => l.startsWith('proofroom_session='));
  if (answer.status !== 200 || !line) throw new Error(`sign in failed: ${answer.status}`);
  return line.split(';')[0] ?? '';
}

/** Fetches an address the API answered (it starts with /api/v1) and returns its raw bytes. */
async function download(apiUrl: string, cookie?: string) {
  const answer = await fetch(`${t.baseUrl}${apiUrl}`, { headers: cookie ? { cookie } : {} });
  return {
    status: answer.status,
    contentType: answer.headers.get('content-type'),
    bytes: Buffer.from(await answer.arrayBuffer()),
  };
}

async function avatarKeyOf(userId: number) {
  return (await t.ctx.uow.read.users.findById(userId))?.avatar_key ?? null;
}

/** The avatar files stored for a user, whatever their names. */
async function storedAvatarFiles(userId: number): Promise<string[]> {
  const keys = [];
  for await (const entry of t.ctx.storage.list(`avatars/${userId}/`)) keys.push(entry.key);
  return keys;
}

describe('PATCH /users/{id} with profile fields', () => {
  it('changes the name and the e-mail, trimmed and lower-cased, and the new e-mail signs in', async () => {
    const user = await buildUser(t.ctx, { name: 'Old Name' });
    const client = await signedIn(t.baseUrl, user);
    const answer = await client.patch(
      `/users/${user.id}`,
      profileForm({
        name: '  Grace Hopper ',
        email: '  Grace.Hopper@Example.COM ',
        current_password: user.password,
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.response).toMatchObject({
      id: user.id,
      name: 'Grace Hopper',
      email: 'grace.hopper@example.com',
    });

    const me = await client.get('/users/me');
    expect(me.body.response).toMatchObject({ name: 'Grace Hopper', email: 'grace.hopper@example.com' });
    const row = await t.ctx.uow.read.users.findById(user.id);
    expect(row).toMatchObject({ name: 'Grace Hopper', email: 'grace.hopper@example.com' });

    const viaNewEmail = await new ApiClient(t.baseUrl).post('/users/sign_in', {
      email: 'grace.hopper@example.com',
      password: user.password,
    });
    expect(viaNewEmail.status).toBe(200);
    const viaOldEmail = await new ApiClient(t.baseUrl).post('/users/sign_in', {
      email: user.email,
      password: user.password,
    });
    expect(viaOldEmail.status).toBe(401);
  });

  it('changes only the fields sent', async () => {
    const user = await buildUser(t.ctx, { name: 'Keeps Email' });
    const client = await signedIn(t.baseUrl, user);
    const answer = await client.patch(`/users/${user.id}`, profileForm({ name: 'New Name Only' }));
    expect(answer.status).toBe(200);
    expect(answer.body.response).toMatchObject({ name: 'New Name Only', email: user.email });
  });

  it('lets a user send their own e-mail back, in another case', async () => {
    const user = await buildUser(t.ctx);
    const client = await signedIn(t.baseUrl, user);
    const answer = await client.patch(`/users/${user.id}`, profileForm({ email: user.email.toUpperCase() }));
    expect(answer.status).toBe(200);
    expect(answer.body.response.email).toBe(user.email);
  });

  it("refuses another user's e-mail, whatever its case, and changes nothing", async () => {
    const other = await buildUser(t.ctx);
    const user = await buildUser(t.ctx, { name: 'Before Taken' });
    const client = await signedIn(t.baseUrl, user);
    const answer = await client.patch(
      `/users/${user.id}`,
      profileForm({ name: 'After Taken', email: other.email.toUpperCase(), current_password: user.password }),
    );
    expect(answer.status).toBe(422);
    expect(answer.body.response.error).toMatchObject({
      code: 'invalid_record',
      details: { email: [EMAIL_TAKEN] },
    });
    expect(await t.ctx.uow.read.users.findById(user.id)).toMatchObject({
      name: 'Before Taken',
      email: user.email,
    });
  });

  it.each([
    ['too short', 'A', 'Name should be at least 2 characters long.'],
    ['blank', '   ', 'Name must not be empty.'],
    ['empty', '', 'Name must not be empty.'],
  ])('refuses a %s name with the spec message', async (_case, name, message) => {
    const user = await buildUser(t.ctx, { name: 'Unchanged Name' });
    const client = await signedIn(t.baseUrl, user);
    const answer = await client.patch(`/users/${user.id}`, profileForm({ name }));
    expect(answer.status).toBe(422);
    expect(answer.body.response.error).toMatchObject({
      code: 'invalid_record',
      details: { name: [message] },
    });
    expect((await t.ctx.uow.read.users.findById(user.id))?.name).toBe('Unchanged Name');
  });

  it('refuses an invalid e-mail and leaves the valid name of the same form unsaved', async () => {
    const user = await buildUser(t.ctx, { name: 'Still Me' });
    const client = await signedIn(t.baseUrl, user);
    const answer = await client.patch(
      `/users/${user.id}`,
      profileForm({ name: 'Someone Else', email: 'not-an-email' }),
    );
    expect(answer.status).toBe(422);
    expect(answer.body.response.error).toMatchObject({
      code: 'invalid_record',
      details: { email: ['Email is invalid.'] },
    });
    expect(await t.ctx.uow.read.users.findById(user.id)).toMatchObject({
      name: 'Still Me',
      email: user.email,
    });
  });
});

describe('PATCH /users/{id} with an avatar', () => {
  it.each([
    ['PNG', PNG, 'avatar.png', 'image/png'],
    ['JPEG', JPEG, 'photo.JPG', 'image/jpeg'],
    ['GIF', GIF, 'loop.gif', 'image/gif'],
  ])('stores a real %s re-encoded, and serves it with its type', async (_kind, data, name, type) => {
    const user = await buildUser(t.ctx);
    const client = await signedIn(t.baseUrl, user);
    const answer = await client.patch(`/users/${user.id}`, profileForm({}, { data, name, type }));
    expect(answer.status).toBe(200);
    const avatar: string = answer.body.response.avatar;
    expect(avatar).toMatch(new RegExp(`^/api/v1/users/${user.id}/avatar\\?v=[0-9a-f]+$`));
    expect((await client.get('/users/me')).body.response.avatar).toBe(avatar);

    const file = await download(avatar, await sessionCookie(user));
    expect(file.status).toBe(200);
    expect(file.contentType).toBe(type);
    // Drawn anew by the server: not the uploaded bytes, but the same picture, in sRGB.
    expect(file.bytes.equals(data)).toBe(false);
    const [stored, uploaded] = await Promise.all([
      sharp(file.bytes, { animated: true }).metadata(),
      sharp(data, { animated: true }).metadata(),
    ]);
    expect({ width: stored.width, pages: stored.pages ?? 1 }).toEqual({
      width: uploaded.width,
      pages: uploaded.pages ?? 1,
    });
    expect(stored.space).toBe('srgb');
  });

  it('keeps nothing of an upload but its pixels: a script glued after a GIF is gone', async () => {
    const user = await buildUser(t.ctx);
    const client = await signedIn(t.baseUrl, user);
    const polyglot = Buffer.concat([GIF, Buffer.from('<script>alert(document.cookie)</script>')]);
    const answer = await client.patch(
      `/users/${user.id}`,
      profileForm({}, { data: polyglot, name: 'loop.gif', type: 'image/gif' }),
    );
    expect(answer.status).toBe(200);
    const file = await download(answer.body.response.avatar, await sessionCookie(user));
    expect(file.bytes.includes(Buffer.from('<script>'))).toBe(false);
    expect((await sharp(file.bytes).metadata()).format).toBe('gif');
  });

  it('shrinks a large picture to 512 pixels on its longer side', async () => {
    const user = await buildUser(t.ctx);
    const client = await signedIn(t.baseUrl, user);
    const large = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#3b5bdb' } })
      .png()
      .toBuffer();
    const answer = await client.patch(
      `/users/${user.id}`,
      profileForm({}, { data: large, name: 'wide.png', type: 'image/png' }),
    );
    const file = await download(answer.body.response.avatar, await sessionCookie(user));
    expect(await sharp(file.bytes).metadata()).toMatchObject({ width: 512, height: 256 });
  });

  it('saves the name and the avatar sent together', async () => {
    const user = await buildUser(t.ctx);
    const client = await signedIn(t.baseUrl, user);
    const answer = await client.patch(
      `/users/${user.id}`,
      profileForm({ name: 'With Picture' }, { data: PNG, name: 'me.png', type: 'image/png' }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.response).toMatchObject({
      name: 'With Picture',
      avatar: expect.stringContaining('/avatar?v='),
    });
  });

  it('serves the avatar to signed-in users only', async () => {
    const user = await buildUser(t.ctx);
    const client = await signedIn(t.baseUrl, user);
    const answer = await client.patch(
      `/users/${user.id}`,
      profileForm({}, { data: PNG, name: 'a.png', type: 'image/png' }),
    );
    const anonymous = await download(answer.body.response.avatar);
    expect(anonymous.status).toBe(401);
    expect(anonymous.bytes.equals(PNG)).toBe(false);
  });

  it('answers 404 for a user without an avatar', async () => {
    const user = await buildUser(t.ctx);
    const client = await signedIn(t.baseUrl, user);
    const answer = await client.get(`/users/${user.id}/avatar`);
    expect(answer.status).toBe(404);
    expect(answer.body.response.error.code).toBe('not_found');
  });

  it.each([
    ['a PDF renamed .png', PDF, 'scan.png', 'image/png'],
    ['a PNG named .jpg', PNG, 'photo.jpg', 'image/jpeg'],
    ['a JPEG named .png', JPEG, 'photo.png', 'image/png'],
    ['a text file', TEXT, 'little_bo_peep.txt', 'text/plain'],
    ['a real PNG without an extension', PNG, 'avatar', 'image/png'],
  ])(
    'refuses %s, stores nothing and keeps the name of the same form unsaved',
    async (_case, data, name, type) => {
      const user = await buildUser(t.ctx, { name: 'No Avatar Yet' });
      const client = await signedIn(t.baseUrl, user);
      const answer = await client.patch(
        `/users/${user.id}`,
        profileForm({ name: 'Changed Name' }, { data, name, type }),
      );
      expect(answer.status).toBe(422);
      expect(answer.body.response.error).toMatchObject({
        code: 'invalid_record',
        details: { avatar: AVATAR_INVALID },
      });
      expect(await t.ctx.uow.read.users.findById(user.id)).toMatchObject({
        name: 'No Avatar Yet',
        avatar_key: null,
      });
      expect(await storedAvatarFiles(user.id)).toEqual([]);
    },
  );

  it('refuses a file over 5 MB with 413 payload_too_large and keeps the avatar', async () => {
    const user = await buildUser(t.ctx);
    const client = await signedIn(t.baseUrl, user);
    await client.patch(
      `/users/${user.id}`,
      profileForm({}, { data: PNG, name: 'small.png', type: 'image/png' }),
    );
    const keyBefore = await avatarKeyOf(user.id);
    expect(keyBefore).not.toBeNull();

    const big = Buffer.alloc(AVATAR_MAX_BYTES + 1024);
    big.set(PNG_SIGNATURE);
    const answer = await client.patch(
      `/users/${user.id}`,
      profileForm({}, { data: big, name: 'big.png', type: 'image/png' }),
    );
    expect(answer.status).toBe(413);
    expect(answer.body.response.error.code).toBe('payload_too_large');
    expect(await avatarKeyOf(user.id)).toBe(keyBefore);
    expect(await storedAvatarFiles(user.id)).toHaveLength(1);
  });

  it('accepts a file of exactly 5 MB', async () => {
    const user = await buildUser(t.ctx);
    const client = await signedIn(t.baseUrl, user);
    // A real picture, padded after its end to exactly the limit.
    const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ff8800' } })
      .png()
      .toBuffer();
    const limit = Buffer.alloc(AVATAR_MAX_BYTES);
    picture.copy(limit);
    const answer = await client.patch(
      `/users/${user.id}`,
      profileForm({}, { data: limit, name: 'edge.png', type: 'image/png' }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.response.avatar).toEqual(expect.any(String));
  });

  it('refuses a file that starts like a PNG but is not one', async () => {
    const user = await buildUser(t.ctx);
    const client = await signedIn(t.baseUrl, user);
    const fake = Buffer.alloc(1024);
    fake.set(PNG_SIGNATURE);
    const answer = await client.patch(
      `/users/${user.id}`,
      profileForm({}, { data: fake, name: 'fake.png', type: 'image/png' }),
    );
    expect(answer.status).toBe(422);
    expect(answer.body.response.error.details).toEqual({ avatar: AVATAR_INVALID });
  });

  it('deletes the previous file from storage when the avatar is replaced, and changes the address', async () => {
    const user = await buildUser(t.ctx);
    const client = await signedIn(t.baseUrl, user);
    const first = await client.patch(
      `/users/${user.id}`,
      profileForm({}, { data: PNG, name: 'a.png', type: 'image/png' }),
    );
    const oldKey = await avatarKeyOf(user.id);
    expect(oldKey).not.toBeNull();

    const second = await client.patch(
      `/users/${user.id}`,
      profileForm({}, { data: JPEG, name: 'b.jpg', type: 'image/jpeg' }),
    );
    expect(second.status).toBe(200);
    const newKey = await avatarKeyOf(user.id);
    expect(newKey).not.toBeNull();
    expect(newKey).not.toBe(oldKey);
    // The avatar is served as immutable: a new picture must get a new address.
    expect(second.body.response.avatar).not.toBe(first.body.response.avatar);

    expect(await t.ctx.storage.get(oldKey ?? '')).toBeNull();
    const current = await t.ctx.storage.get(newKey ?? '');
    expect(current).not.toBeNull();
    current?.body.destroy();
    expect(await storedAvatarFiles(user.id)).toHaveLength(1);

    const file = await download(second.body.response.avatar, await sessionCookie(user));
    expect(file.contentType).toBe('image/jpeg');
    expect((await sharp(file.bytes).metadata()).format).toBe('jpeg');
  });

  it('keeps the current avatar file when a replacement is refused', async () => {
    const user = await buildUser(t.ctx);
    const client = await signedIn(t.baseUrl, user);
    await client.patch(`/users/${user.id}`, profileForm({}, { data: PNG, name: 'a.png', type: 'image/png' }));
    const key = await avatarKeyOf(user.id);
    const refused = await client.patch(
      `/users/${user.id}`,
      profileForm({}, { data: PDF, name: 'x.png', type: 'image/png' }),
    );
    expect(refused.status).toBe(422);
    expect(await avatarKeyOf(user.id)).toBe(key);
    const file = await t.ctx.storage.get(key ?? '');
    expect(file).not.toBeNull();
    file?.body.destroy();
  });

  it('does not store the avatar when the e-mail of the same form is taken', async () => {
    const other = await buildUser(t.ctx);
    const user = await buildUser(t.ctx);
    const client = await signedIn(t.baseUrl, user);
    const answer = await client.patch(
      `/users/${user.id}`,
      profileForm(
        { email: other.email, current_password: user.password },
        { data: PNG, name: 'a.png', type: 'image/png' },
      ),
    );
    expect(answer.status).toBe(422);
    expect(await avatarKeyOf(user.id)).toBeNull();
    expect(await storedAvatarFiles(user.id)).toEqual([]);
  });
});

describe('PATCH /users/{id} with preferences', () => {
  it('updates the download resolution and answers it, and /users/me agrees', async () => {
    const user = await buildUser(t.ctx);
    const client = await signedIn(t.baseUrl, user);
    const answer = await client.patch(`/users/${user.id}`, {
      user_preference: { asset_downloads_resolution: 'low_res' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.response.user_preference).toMatchObject({
      asset_downloads_resolution: 'low_res',
      is_2fa_enabled: false,
    });
    expect((await client.get('/users/me')).body.response.user_preference.asset_downloads_resolution).toBe(
      'low_res',
    );

    const back = await client.patch(`/users/${user.id}`, {
      user_preference: { asset_downloads_resolution: 'original' },
    });
    expect(back.body.response.user_preference.asset_downloads_resolution).toBe('original');
  });

  it('turns two-step verification on and off, and sign-in then asks for a code', async () => {
    const user = await buildUser(t.ctx);
    const client = await signedIn(t.baseUrl, user);
    const on = await client.patch(`/users/${user.id}`, { user_preference: { is_2fa_enabled: true } });
    expect(on.status).toBe(200);
    expect(on.body.response).toMatchObject({
      is_2fa_enabled: true,
      user_preference: { is_2fa_enabled: true },
    });
    expect(on.body.response.user_preference.asset_downloads_resolution).toBe('original');

    const signIn = await new ApiClient(t.baseUrl).post('/users/sign_in', {
      email: user.email,
      password: user.password,
    });
    expect(signIn.status).toBe(401);
    expect(signIn.body.response.error.code).toBe('access_code_required');

    const off = await client.patch(`/users/${user.id}`, {
      user_preference: { is_2fa_enabled: false },
      current_password: user.password,
    });
    expect(off.body.response).toMatchObject({
      is_2fa_enabled: false,
      user_preference: { is_2fa_enabled: false },
    });
  });

  it.each([
    ['an unknown resolution', { user_preference: { asset_downloads_resolution: 'high_res' } }],
    ['a non-boolean two-step flag', { user_preference: { is_2fa_enabled: 'yes' } }],
    [
      'an unknown preference key',
      { user_preference: { asset_downloads_resolution: 'low_res', email_every: 'once_per_hour' } },
    ],
    ['a body without user_preference', {}],
  ])('refuses %s with 422 and changes nothing', async (_case, body) => {
    const user = await buildUser(t.ctx);
    const client = await signedIn(t.baseUrl, user);
    const answer = await client.patch(`/users/${user.id}`, body);
    expect(answer.status).toBe(422);
    expect(answer.body.response.error.code).toBe('invalid_record');
    const preferences = await t.ctx.uow.read.users.preferencesOf(user.id);
    expect(preferences).toMatchObject({
      asset_downloads_resolution: 'original',
      is_2fa_enabled: 0,
      email_every: 'once_per_day',
    });
  });

  it('refuses unknown keys beside user_preference instead of ignoring them', async () => {
    const user = await buildUser(t.ctx, { name: 'Json Name' });
    const client = await signedIn(t.baseUrl, user);
    const answer = await client.patch(`/users/${user.id}`, {
      user_preference: { asset_downloads_resolution: 'low_res' },
      name: 'Sent As Json',
    });
    expect(answer.status).toBe(422);
    expect(answer.body.response.error.code).toBe('invalid_record');
    expect((await t.ctx.uow.read.users.findById(user.id))?.name).toBe('Json Name');
    expect((await t.ctx.uow.read.users.preferencesOf(user.id)).asset_downloads_resolution).toBe('original');
  });
});

describe('PATCH /users/{id} authorisation', () => {
  it('answers 401 unauthorized to an anonymous caller', async () => {
    const user = await buildUser(t.ctx, { name: 'Anon Target' });
    const anonymous = new ApiClient(t.baseUrl);
    const form = await anonymous.patch(`/users/${user.id}`, profileForm({ name: 'Hijacked' }));
    expect(form.status).toBe(401);
    expect(form.body.response.error.code).toBe('unauthorized');
    const json = await anonymous.patch(`/users/${user.id}`, { user_preference: { is_2fa_enabled: true } });
    expect(json.status).toBe(401);
    expect(json.body.response.error.code).toBe('unauthorized');
    expect((await t.ctx.uow.read.users.findById(user.id))?.name).toBe('Anon Target');
    expect((await t.ctx.uow.read.users.preferencesOf(user.id)).is_2fa_enabled).toBe(0);
  });

  it("answers 404 not_found for another user's id and leaves that user unchanged", async () => {
    const victim = await buildUser(t.ctx, { name: 'Victim Name' });
    const attacker = await buildUser(t.ctx);
    const client = await signedIn(t.baseUrl, attacker);

    const form = await client.patch(
      `/users/${victim.id}`,
      profileForm(
        { name: 'Hijacked', email: 'hijack@example.com' },
        { data: PNG, name: 'a.png', type: 'image/png' },
      ),
    );
    expect(form.status).toBe(404);
    expect(form.body.response.error.code).toBe('not_found');
    const json = await client.patch(`/users/${victim.id}`, {
      user_preference: { is_2fa_enabled: true, asset_downloads_resolution: 'low_res' },
    });
    expect(json.status).toBe(404);
    expect(json.body.response.error.code).toBe('not_found');

    expect(await t.ctx.uow.read.users.findById(victim.id)).toMatchObject({
      name: 'Victim Name',
      email: victim.email,
      avatar_key: null,
    });
    expect(await t.ctx.uow.read.users.preferencesOf(victim.id)).toMatchObject({
      is_2fa_enabled: 0,
      asset_downloads_resolution: 'original',
    });
    expect(await storedAvatarFiles(victim.id)).toEqual([]);
    expect(await storedAvatarFiles(attacker.id)).toEqual([]);
    expect(await t.ctx.uow.read.users.findById(attacker.id)).toMatchObject({
      avatar_key: null,
      email: attacker.email,
    });
  });

  it('answers the same 404 for an id that does not exist', async () => {
    const user = await buildUser(t.ctx);
    const client = await signedIn(t.baseUrl, user);
    const answer = await client.patch('/users/999999', profileForm({ name: 'Nobody' }));
    expect(answer.status).toBe(404);
    expect(answer.body.response.error.code).toBe('not_found');
  });
});
