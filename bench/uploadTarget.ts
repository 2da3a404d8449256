import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { buildWorkspace, PRICES } from '../tests/api/factories';
import { startTestApp } from '../tests/api/harness';
import { buildProject } from '../tests/api/projectFactories';
import type { TusTarget } from './tusCurl';

/**
 * Starts the app with no jobs (the previews of the text files are not what the upload benchmarks
 * measure), makes a project to upload to and a scratch folder on the app's disk, runs `measure`
 * and closes the app.
 */
export async function withUploadTarget(
  measure: (target: TusTarget, scratch: string) => Promise<void>,
): Promise<void> {
  const t = await startTestApp({ WORKER: 'false' });
  const scratch = mkdtempSync(join(t.dataDir, 'bench-'));
  try {
    const { client, workspace } = await buildWorkspace(t.baseUrl, t.ctx, { priceId: PRICES.teamMonthly });
    const project = await buildProject(client, workspace.id);
    await measure({ baseUrl: t.baseUrl, cookieHeader: client.cookieHeader, projectId: project.id }, scratch);
  } finally {
    await t.close();
  }
}
