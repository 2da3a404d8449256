import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/**
 * scripts/apt-install.sh against real apt-get and real locks, without touching the machine's own:
 * APT_CONFIG points apt at a root in a temp folder (no sources, a status file where one package is
 * installed), and another process holds that root's locks with fcntl, as apt-get and dpkg do.
 */
const SCRIPT = join(import.meta.dirname, 'apt-install.sh');
const INSTALLED = 'proofroom-lock-test';
const canRun = existsSync('/usr/bin/apt-get') && existsSync('/usr/bin/python3');

let root: string;
const children: ChildProcess[] = [];

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'apt-root-'));
  for (const dir of [
    'lists/partial',
    'cache/archives/partial',
    'dpkg',
    'etc/sources.list.d',
    'etc/parts',
    'log',
  ])
    await mkdir(join(root, dir), { recursive: true });
  await writeFile(join(root, 'etc/sources.list'), '');
  await writeFile(
    join(root, 'dpkg/status'),
    `Package: ${INSTALLED}\nStatus: install ok installed\nArchitecture: all\nVersion: 1.0\nMaintainer: Proofroom <dev@proofroom.test>\nDescription: installed already\n`,
  );
  const dirs = {
    'Dir::State::Lists': 'lists',
    'Dir::State::status': 'dpkg/status',
    'Dir::Cache': 'cache',
    'Dir::Etc::sourcelist': 'etc/sources.list',
    'Dir::Etc::sourceparts': 'etc/sources.list.d',
    'Dir::Etc::preferencesparts': 'etc/parts',
    'Dir::Etc::parts': 'etc/parts',
    'Dir::Log': 'log',
  };
  await writeFile(
    join(root, 'apt.conf'),
    Object.entries(dirs)
      .map(([key, path]) => `${key} "${join(root, path)}";\n`)
      .join(''),
  );
});

afterEach(async () => {
  for (const child of children.splice(0)) child.kill();
  await rm(root, { recursive: true, force: true });
});

/** A process's output as it comes, and a wait for a text in it or for its exit. */
function started(command: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn(command, args, { env: { ...process.env, APT_CONFIG: join(root, 'apt.conf'), ...env } });
  children.push(child);
  let output = '';
  const waiters: (() => void)[] = [];
  const take = (chunk: Buffer) => {
    output += chunk.toString();
    for (const wake of waiters.splice(0)) wake();
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  const exited = new Promise<number | null>((resolve) =>
    child.on('close', (code) => {
      resolve(code);
      for (const wake of waiters.splice(0)) wake();
    }),
  );
  return {
    child,
    output: () => output,
    exited,
    async shows(text: string): Promise<void> {
      while (!output.includes(text)) {
        if (child.exitCode !== null) throw new Error(`exited ${child.exitCode} before "${text}":\n${output}`);
        await new Promise<void>((wake) => waiters.push(wake));
      }
    },
  };
}

/** Holds the package lists' lock and dpkg's (as apt-get update and dpkg do); each line on stdin lets one go. */
function holdLocks() {
  const holder = started('python3', [
    '-c',
    `import fcntl, sys
held = [open(${JSON.stringify(join(root, 'lists/lock'))}, 'w'), open(${JSON.stringify(join(root, 'dpkg/lock-frontend'))}, 'w')]
for lock in held: fcntl.lockf(lock, fcntl.LOCK_EX)
print('held', flush=True)
for lock in held:
    sys.stdin.readline()
    lock.close()
    print('let go', flush=True)
sys.stdin.readline()`,
  ]);
  return { ...holder, letGo: () => holder.child.stdin.write('\n') };
}

describe.skipIf(!canRun)('apt-install.sh', () => {
  it("waits for another apt's lock on the package lists, then for dpkg's, and installs", async () => {
    const locks = holdLocks();
    await locks.shows('held');
    const install = started('bash', [SCRIPT, INSTALLED], { APT_LOCK_WAIT_SECONDS: '120' });

    await install.shows('Waiting for another apt-get or dpkg to finish');
    expect(install.child.exitCode).toBeNull();
    locks.letGo();
    await install.shows(`Could not get lock ${join(root, 'dpkg/lock-frontend')}`);
    expect(install.child.exitCode).toBeNull();
    locks.letGo();

    expect(await install.exited, install.output()).toBe(0);
    expect(install.output()).toContain(`${INSTALLED} is already the newest version`);
  }, 60_000);

  it('gives up once APT_LOCK_WAIT_SECONDS have passed with the lock still held', async () => {
    const locks = holdLocks();
    await locks.shows('held');
    const install = started('bash', [SCRIPT, INSTALLED], { APT_LOCK_WAIT_SECONDS: '0' });
    expect(await install.exited).not.toBe(0);
    expect(install.output()).toContain('Another apt-get or dpkg still holds its lock after 0 s.');
  });

  it('does not wait on a failure that is not a lock', async () => {
    const install = started('bash', [SCRIPT, 'no-such-package-here'], { APT_LOCK_WAIT_SECONDS: '120' });
    expect(await install.exited).toBe(100);
    expect(install.output()).toContain('Unable to locate package no-such-package-here');
    expect(install.output()).not.toContain('Waiting');
  });
});
