import { describe, expect, it } from 'vitest';
import type { Database } from './client';
import { preparedPerDatabase } from './prepared';

const handle = () => ({}) as Database;

describe('preparedPerDatabase', () => {
  it('prepares a query once per database handle and again for another handle', () => {
    const prepared: Database[] = [];
    const query = preparedPerDatabase((db) => {
      prepared.push(db);
      return { db };
    });
    const first = handle();
    const second = handle();
    expect(query(first)).toBe(query(first));
    expect(query(second).db).toBe(second);
    expect(prepared).toEqual([first, second]);
  });
});
