/** Where 资源云图's panels cover the map, in pixels (flights centre on the rest of the map). */

/** The side panel at the left: its 12 px margin and 300 px width. */
export const SIDE_PANEL_INSET = 12 + 300

/** The detail drawer at the right, while open. */
export const DETAIL_DRAWER_WIDTH = 480
