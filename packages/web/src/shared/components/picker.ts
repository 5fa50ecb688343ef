/** Where a picker sits: the search form wants it narrow, a form full width. */
export type PickerPlace = 'form' | 'search';

export const pickerWidth = (place: PickerPlace) => (place === 'search' ? 200 : '100%');

/** What Form.Item hands a picker, and where it sits. */
export interface PickerProps<V> {
  value?: V;
  onChange?: (value: V) => void;
  place?: PickerPlace;
  id?: string;
}
