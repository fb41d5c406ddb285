-- 低效用地 is the 台账 of record (issue 29): a parcel is 低效用地 while its 低效用地台账 entry is
-- confirmed (认定) and not yet 销号, or while it is 闲置 (含闲置) — on the walls, the reports, the
-- globe and 盘活处置 alike. 疑似 (flagged, not confirmed) and 复核剔除 entries are not 低效用地.
-- The globe's flag is redefined from the fragments of src/server/figures/sql.ts (parcelToday,
-- lowLand), spelled verbatim (the unit suite holds the two to it).
CREATE OR REPLACE VIEW parcel_low_efficiency AS
SELECT p.id AS parcel_id,
       ((NOT p.deleted AND (p.supply_date IS NULL OR p.supply_date < (current_date + 1))
    AND NOT (p.status = '已收回' AND (p.recovered_date IS NULL OR p.recovered_date < (current_date + 1)))) AND (EXISTS (SELECT 1 FROM revitalize_ledger rl WHERE rl.parcel_id = p.id AND rl.state IN ('已认定', '已纳入方案', '实施中', '已完成')
    AND rl.confirm_date < (current_date + 1) AND (rl.closed_date IS NULL OR rl.closed_date >= (current_date + 1))) OR p.status = '闲置')) AS low_efficiency
FROM parcel p;

-- every entry of a parcel (the 台账 of record looks up a parcel's entries of any state)
CREATE INDEX IF NOT EXISTS revitalize_ledger_parcel_idx ON revitalize_ledger(parcel_id, state);
