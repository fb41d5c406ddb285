/** vt-pbf ships no types: the one function the tile cutter uses. */
declare module 'vt-pbf' {
  export function fromGeojsonVt(layers: Record<string, unknown>, options?: { version?: number; extent?: number }): Uint8Array
}
