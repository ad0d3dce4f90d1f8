import { Redis } from 'ioredis';

/**
 * A Redis client that fails fast instead of queueing commands while Redis is away. Resolves once
 * connected, or after `waitMs` with the client still reconnecting in the background.
 */
export async function createRedis(url: string, waitMs = 3_000): Promise<Redis> {
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2_000 });
  redis.on('error', () => {}); // reconnects by itself; callers see failed commands, not a crash
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, waitMs);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return redis;
}
