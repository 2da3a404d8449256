import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { EventBus } from './eventBus';
import { MemoryEventBus } from './memoryBus';
import { PostgresEventBus } from './postgresBus';

export function createEventBus(config: Config, log: Logger): EventBus {
  const { database } = config;
  if (config.eventBus === 'postgres' && database.dialect === 'postgres')
    return new PostgresEventBus(database.url, database.schema, log);
  return new MemoryEventBus();
}
