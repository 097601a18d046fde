/** The help of `diene apply books` (see help.ts). */
import type { CommandHelp } from './help.js';

export const applyBooksHelp: CommandHelp = {
  name: 'apply books',
  summary: "Publish the fleet's address books to S3-compatible storage (AWS S3, Cloudflare R2).",
  usage:
    'diene apply books --to s3://BUCKET[/PREFIX] [--endpoint URL] [--serial N] [--wait SECONDS] [--nameservers FILE | --skip-name-check] [--dry-run] [--fleet DIR]',
  description: [
    'Reads every remote book first; a remote book with a newer serial refuses the whole publish. Uploads only books whose digest changed, each conditional on what was read.',
    'Needs the npm package @aws-sdk/client-s3, an optional peer dependency: install it beside diene-compiler (docs/plugin-image.md#the-appliers-packages-are-optional-peer-dependencies).',
  ],
  options: [
    {
      name: 'to',
      type: 'string',
      value: 's3://BUCKET[/PREFIX]',
      description: 'The bucket (and key prefix) to publish to.',
      example: 'diene apply books --to s3://books/prod',
    },
    {
      name: 'endpoint',
      type: 'string',
      value: 'URL',
      description: 'The S3 endpoint, for storage other than AWS (R2, MinIO).',
      example: 'diene apply books --to s3://books --endpoint https://ACCOUNT.r2.cloudflarestorage.com',
    },
    {
      name: 'serial',
      type: 'string',
      value: 'N',
      description: "The books' serial. Default: the committer time of the fleet repository's HEAD commit, in seconds.",
      example: 'diene apply books --to s3://books --serial 1732147200',
    },
    {
      name: 'wait',
      type: 'string',
      value: 'SECONDS',
      description:
        'Before publishing, every name a book lists must be answered by every nameserver of every DNS host (a miss is cached by resolvers for 1800 s); wait up to SECONDS for names that are not answered yet, asking again once a second. Default 0: refuse at once (docs/books-name-check.md).',
      example: 'diene apply books --to s3://books --wait 120',
    },
    {
      name: 'nameservers',
      type: 'string',
      value: 'FILE',
      description: 'A JSON file mapping DNS host names to the "address:port" nameservers to ask instead of fleet.yaml\'s (a lab or a test).',
      example: 'diene apply books --to s3://books --nameservers nameservers.json',
    },
    {
      name: 'skip-name-check',
      type: 'boolean',
      description: 'Publish without asking the nameservers (the books may then point clients at names that do not answer yet).',
      example: 'diene apply books --to s3://books --skip-name-check',
    },
    { name: 'dry-run', type: 'boolean', description: 'Read and plan, print the plan, upload nothing.', example: 'diene apply books --to s3://books --dry-run' },
  ],
  examples: [{ command: 'diene apply books --to s3://books/prod --dry-run', does: 'Prints which books would be uploaded.' }],
  exitCodes: [
    { code: 0, means: 'published (or nothing changed)' },
    { code: 2, means: 'invalid input or usage, or an unreadable target; nothing written' },
    {
      code: 3,
      means:
        'refused: a remote book is newer, another publisher wrote first, or the name check could not see every name a book lists answered by every nameserver (not answered yet, or a nameserver that cannot be reached from here, book_nameserver_unreachable; --skip-name-check shows the plan offline); nothing written',
    },
    { code: 4, means: 'published in part: each failed key is named' },
  ],
};
