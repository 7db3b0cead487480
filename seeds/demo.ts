// Demo catalogue: filled in by the seeds work.
import type { Knex } from 'knex';

export async function seedDemo(_knex: Knex): Promise<void> {}
