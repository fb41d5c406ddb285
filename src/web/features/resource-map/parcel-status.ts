/** Parcel status colours of 资源云图 (status values of the parcel table). */
export const STATUS_COLORS: Record<string, string> = {
  已投产: '#2f9e44',
  在建: '#1c7ed6',
  已供未建: '#f59f00',
  闲置: '#e03131',
  低效: '#ae3ec9',
  已收回: '#868e96',
}

/** 平方米 → 亩 with 2 decimals (DOMAIN "Units"). */
export const muOf = (m2: number | null | undefined) => (m2 == null ? '—' : ((Number(m2) * 15) / 10000).toFixed(2))
