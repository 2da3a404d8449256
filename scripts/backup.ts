/**
 * Backs up the installation the environment names (database, then every stored file) into an
 * empty folder: `npm run backup -- <folder>`. See docs/deploy.md, "Backup and restore".
 */
import { loadConfig } from '../server/config';
import { takeBackup } from './backup/takeBackup';

const dir = process.argv[2];
if (!dir) {
  console.error('Usage: npm run backup -- <empty folder>');
  process.exit(2);
}
const manifest = await takeBackup(loadConfig(), dir);
console.log(
  `Backed up the ${manifest.database.dialect} database and ${manifest.files.length} files into ${dir}.`,
);
