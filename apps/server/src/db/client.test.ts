import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { contactMessages } from './schema';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('embedded database in DATA_DIR', () => {
  it('creates the folder, migrates, and on a second start keeps the data and migrates again without harm', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'quire-data-')), 'nested', 'empty');
    folders.push(dataDir);

    const first = await openDatabase({ engine: 'pglite', dataDir });
    await first.migrate();
    await first.migrate();
    await first.db.insert(contactMessages).values({ type: 'message', body: 'kept', email: 'nouser', locale: 'en' });
    await first.close();

    const second = await openDatabase({ engine: 'pglite', dataDir });
    await second.migrate();
    const rows = await second.db.select().from(contactMessages);
    expect(rows.map((row) => row.body)).toEqual(['kept']);
    await second.close();
    // Two embedded databases and three migration runs: slow on a loaded two-core CI machine.
  }, 120_000);
});
