/**
 * The service module's public face: what a record's 详情 shows of its appeals. Its pages are loaded
 * by app/'s page registry, not through here.
 */
export { RecordAppeals } from './components/record-appeals';
