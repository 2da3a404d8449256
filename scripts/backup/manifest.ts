import { isAbsolute, join, normalize } from 'node:path';

/** One stored file in a backup: its key in the store, its size and type; its bytes are in `files/<key>`. */
export interface ManifestEntry {
  key: string;
  size: number;
  type: string;
}

export interface Manifest {
  createdAt: string;
  database:
    | { dialect: 'sqlite'; file: 'database.sqlite' }
    | { dialect: 'postgres'; file: 'database.dump'; schema: string };
  files: ManifestEntry[];
}

export const MANIFEST_FILE = 'manifest.json';

/** Where a key's bytes live in the backup folder; a key that would leave `files/` is refused. */
export function backupFilePath(dir: string, key: string): string {
  const relative = normalize(key);
  if (isAbsolute(relative) || relative.startsWith('..')) throw new Error(`Unsafe storage key: ${key}`);
  return join(dir, 'files', relative);
}

/** Runs a command and fails with its standard error when it fails. */
export async function run(command: string, args: string[]): Promise<void> {
  const { spawn } = await import('node:child_process');
  await new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (${code}): ${stderr.trim()}`)),
    );
  });
}
