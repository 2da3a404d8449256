// A worker thread does not inherit the loader the server runs TypeScript with: register it, then
// run the report's TypeScript entry.
import { register } from 'tsx/esm/api';

register();
await import('./reportWorker.ts');
