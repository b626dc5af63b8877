// Child process for the kill -9 test: writes changes to a document on PGlite in a data directory,
// printing "ack N" after each change is flushed to storage, until it is killed.
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { Repo, type AutomergeUrl } from '@automerge/automerge-repo';
import { drizzle } from 'drizzle-orm/pglite';
import { DrizzleStorageAdapter } from './drizzle-storage-adapter';
import { AUTOMERGE_STORAGE_DDL } from './storage-ddl';

interface CounterDoc {
  n: number;
  items: Record<string, string>;
}

const [dir, existingUrl] = process.argv.slice(2);
const client = new PGlite(dir!);
await client.exec(AUTOMERGE_STORAGE_DDL);
const repo = new Repo({ storage: new DrizzleStorageAdapter(drizzle(client)) });
const handle = existingUrl ? await repo.find<CounterDoc>(existingUrl as AutomergeUrl) : repo.create<CounterDoc>({ n: 0, items: {} });
if (!existingUrl) {
  await repo.flush();
  process.stdout.write(`url ${handle.url}\n`);
}
for (;;) {
  handle.change((d) => {
    d.n += 1;
    // A sizeable value per change, so writes take long enough to be cut in the middle; now and
    // then one that does not compress, so chunks over STORAGE_PART_BYTES are cut between parts.
    d.items[`k${d.n}`] = d.n % 8 === 0 ? randomBytes(200_000).toString('base64') : 'x'.repeat(2000) + d.n;
  });
  await repo.flush();
  process.stdout.write(`ack ${handle.doc().n}\n`);
}
