import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';

// An S3-compatible server for the tests (@20minutes/s3rver, in this process, on a free port of
// 127.0.0.1, objects in a temporary folder): it checks each request's SigV4 signature against
// its one account (S3RVER / S3RVER), as a real server would. The adapter talks to it exactly
// as to AWS, MinIO or R2 (server/storage/s3.ts).

export type TestS3Server = {
  endpoint: string;
  bucket: string;
  /** What a process needs to keep its files in this server's bucket (README "Several processes"). */
  env: Record<string, string>;
  close(): Promise<void>;
};

export async function startS3Server(bucket = 'showroom-test'): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'showroom-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: '1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
