/** The paged table now lives in web/ui (shared with the data centre); admin pages keep this import. */
export { PagedTable, type PagedList, type PagedTableProps } from '../../../ui/paged-table'
