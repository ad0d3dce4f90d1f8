import net from 'node:net';

/** The Redis the rate-limit tests share counters through (TEST_REDIS_URL, default the local one). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether something accepts connections at TEST_REDIS_URL; the shared-limit tests skip when not. */
export async function redisAnswers(): Promise<boolean> {
  const url = new URL(TEST_REDIS_URL);
  return new Promise((resolve) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port || 6379), timeout: 1000 });
    socket.on('connect', () => (socket.destroy(), resolve(true)));
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => (socket.destroy(), resolve(false)));
  });
}
