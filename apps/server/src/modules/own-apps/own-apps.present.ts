import { type OwnApp, OwnAppInput, ownAppSlug } from '@quire/contracts';
import type { OwnAppRow } from './own-apps.store';

/** A stored application as the API answers it. */
export function presentOwnApp(row: OwnAppRow): OwnApp {
  return {
    id: row.id,
    slug: ownAppSlug(row.id),
    name: row.name,
    description: row.description,
    inputs: ownAppInputs(row),
    prompt: row.prompt,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The stored input definitions, read through the contract so that defaults apply and nothing else leaks. */
export function ownAppInputs(row: Pick<OwnAppRow, 'inputs'>): OwnAppInput[] {
  return row.inputs.map((input) => OwnAppInput.parse(input));
}
