import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

export interface TusTarget {
  baseUrl: string;
  cookieHeader: string;
  projectId: number;
}

const SCRIPT = join(import.meta.dirname, 'tusUpload.sh');

/**
 * Whole tus uploads sent by curl (`tusUpload.sh`), `parallel` at once, from processes apart from
 * the server's, as a browser is: the server's process spends nothing on the client's side.
 * Resolves when the server has answered, for every file, that its asset exists.
 */
export async function uploadWithCurl(target: TusTarget, paths: string[], parallel = 1): Promise<void> {
  const command = `printf '%s\\0' "$@" | xargs -0 -P ${parallel} -I{} bash ${SCRIPT} '${target.baseUrl}' '${target.cookieHeader}' ${target.projectId} {}`;
  await promisify(execFile)('bash', ['-c', command, 'uploads', ...paths], { maxBuffer: 1024 * 1024 });
}
