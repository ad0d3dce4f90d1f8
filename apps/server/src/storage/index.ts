import type { Config } from '../config.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { Storage } from './storage.ts';

export type { Storage } from './storage.ts';

/** The backend named by STORAGE_DRIVER. */
export function createStorage(config: Config): Storage {
  return config.storage.driver === 's3' ? createS3Storage(config.storage) : createLocalStorage(config.storage.dir);
}
