/**
 * 行政区划边界 contract: the outlines a map or wall draws for one level of the region tree, which
 * levels have outlines at all, and where a region of the level has none, its seat (驻地) — the
 * point where its figures are drawn as a proportional symbol instead of a filled outline
 * (issue 19 "Honest without outlines"). A start ships city and province outlines; county outlines
 * come only from `npm run import:boundaries`, so a map must never take "no outline" for "no map".
 *
 * Served by GET /api/cloudChart/boundaries (the map suite and the walls' L7 and 3D maps) and
 * GET /api/bigData/regionGeo (the walls' ECharts map). The response is a GeoJSON FeatureCollection
 * with two foreign members (RFC 7946 §6.1), `levels` and `seats`, so engines that take GeoJSON
 * read it as it is.
 */
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson'
import { z } from 'zod'

/** The levels of the region tree a map draws outlines for. */
export const OUTLINE_LEVELS = ['province', 'city', 'county'] as const
export type OutlineLevel = (typeof OUTLINE_LEVELS)[number]

/** Which levels have at least one outline in the database. */
export const outlineLevelsSchema = z.object({ province: z.boolean(), city: z.boolean(), county: z.boolean() })
export type OutlineLevels = z.infer<typeof outlineLevelsSchema>

/** A region without an outline, at its seat (WGS84): where its figures are drawn as a symbol. */
export const regionSeatSchema = z.object({
  code: z.string().regex(/^\d{6}$/),
  name: z.string(),
  parentCode: z.string().nullable(),
  lng: z.number().min(-180).max(180),
  lat: z.number().min(-90).max(90),
})
export type RegionSeat = z.infer<typeof regionSeatSchema>

/** Properties of every outline feature (the map suite's also carry the level). */
export type OutlineProperties = {
  code: string
  name: string
  /** a point inside the outline where its name and symbol go (the seat when known) */
  labelLng: number
  labelLat: number
  level?: string
}

const outlineFeatureSchema = z.object({
  type: z.literal('Feature'),
  id: z.union([z.number(), z.string()]).optional(),
  properties: z.looseObject({ code: z.string(), name: z.string(), labelLng: z.number(), labelLat: z.number() }),
  // never null: a region without an outline is a seat, not a feature with no geometry
  geometry: z.object({ type: z.enum(['Polygon', 'MultiPolygon']), coordinates: z.array(z.unknown()).min(1) }),
})

/** The outlines of a level with which levels have outlines and the seats of the regions that have none. */
export const outlineCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(outlineFeatureSchema),
  levels: outlineLevelsSchema,
  /** the regions of the asked level (within the asked city) that have no outline, at their seats */
  seats: z.array(regionSeatSchema),
})

/** {@link outlineCollectionSchema} in the GeoJSON types the map engines take. */
export interface OutlineCollection extends FeatureCollection<Polygon | MultiPolygon, OutlineProperties> {
  levels: OutlineLevels
  seats: RegionSeat[]
}

/** The success envelope of a boundaries read (docs/api.md), for the route's response schema. */
export const outlineResponseSchema = z.object({ code: z.number(), message: z.string(), data: outlineCollectionSchema })

/** The command that loads official outlines (README "Loading official boundaries"); named to administrators only. */
export const IMPORT_BOUNDARIES_COMMAND = 'npm run import:boundaries'
