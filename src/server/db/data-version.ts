/**
 * The data version's writes by hand (migrations 0190 and 0280: a statement trigger bumps it once per
 * writing transaction, and the answer cache keeps answers until it moves). For a long background
 * write in many transactions — the 亩均 history after the start — whose steps need not each
 * refresh every cached wall: its transactions hold the version, and it bumps once per finished part.
 */
import type { Db } from './engine'

/** Inside a transaction: its writes leave the data version as it is (the trigger's own once-mark, set early). */
export async function holdDataVersion(tx: Db): Promise<void> {
  await tx.query(`SELECT set_config('ilp.data_version_bumped', 'yes', true)`)
}

/** Moves the data version on: every cached answer is computed again at its next request. */
export async function bumpDataVersion(db: Db): Promise<void> {
  await db.query('UPDATE data_version SET version = version + 1, changed_at = now() WHERE id = 1')
}
