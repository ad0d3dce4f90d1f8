import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';

/**
 * An S3-compatible test server (s3rver) with the `resumes` bucket, on a free port of 127.0.0.1,
 * keeping its objects in `directory` (as `<directory>/resumes/…`), and the server's storage
 * settings that point at it.
 */
export async function startS3rver(directory: string) {
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'resumes', configs: [] }],
  });
  const endpoint = `http://127.0.0.1:${((await s3.run()) as AddressInfo).port}`;
  return {
    endpoint,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    /** STORAGE_* and S3_* variables for a Nexa server. */
    env: {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'resumes',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: () => s3.close(),
  };
}

export type TestS3 = Awaited<ReturnType<typeof startS3rver>>;
