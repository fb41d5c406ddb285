/** useListParams now lives in web/ui (shared with the data centre); admin pages keep this import. */
export { useListParams, type ListParams } from '../../../ui/use-list-params'
