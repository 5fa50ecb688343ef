/**
 * The parking module's public face: the lot picker and the 启用/停用 column that the modules above it
 * (devices, marketing, orders, recovery) put in their own lists and forms.
 */
export { LotField, LotSelect } from './components/parking-selects';
export { enabledColumn } from './enabled-column';
export { useLotOptions } from './parking-api';
