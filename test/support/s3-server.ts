/**
 * A real S3-compatible server for the publish tests: s3rver (npm, pure
 * JavaScript) on 127.0.0.1 and a free port, storing in a
 * temporary directory, with one bucket per name asked. Records the key of
 * every object written, so a test can assert what a run uploaded.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** The credentials s3rver accepts (its documented defaults). */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** Environment for a CLI child process that talks to the test server (and never to AWS). */
export const S3RVER_ENV: Record<string, string> = {
  AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
  AWS_REGION: 'us-east-1',
  AWS_EC2_METADATA_DISABLED: 'true',
};

export interface S3TestServer {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  /** Keys written (PutObject) since the start or the last {@link S3TestServer.takeWrites}, in order. */
  takeWrites(): string[];
  close(): Promise<void>;
}

/** Starts s3rver with `buckets` created. */
export async function startS3Server(buckets: readonly string[]): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(tmpdir(), 'diene-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: buckets.map((name) => ({ name })) });
  let writes: string[] = [];
  server.on('event', (event) => {
    for (const record of event.Records) if (record.eventName.startsWith('ObjectCreated')) writes.push(record.s3.object.key);
  });
  const { address, port } = await server.run();
  return {
    endpoint: `http://${address}:${port}`,
    takeWrites() {
      const taken = writes;
      writes = [];
      return taken;
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
