/** The list frame now lives in web/ui (shared with the data centre); admin pages keep this import. */
export { ListShell, LoadError, emptyState } from '../../../ui/list-shell'
