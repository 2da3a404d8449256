/**
 * Restores a backup folder into the installation the environment names, whose database and file
 * store must be empty: `npm run restore -- <folder>`, with every process stopped.
 */
import { loadConfig } from '../server/config';
import { restoreBackup } from './backup/restoreBackup';

const dir = process.argv[2];
if (!dir) {
  console.error('Usage: npm run restore -- <backup folder>');
  process.exit(2);
}
const manifest = await restoreBackup(loadConfig(), dir);
console.log(
  `Restored the ${manifest.database.dialect} database and ${manifest.files.length} files from ${dir}.`,
);
