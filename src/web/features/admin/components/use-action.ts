/** useAction now lives in web/ui (shared with the data centre); admin pages keep this import. */
export { useAction } from '../../../ui/use-action'
