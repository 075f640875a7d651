export {
  describeLocation,
  LocationPicker,
  type LocationChoice,
  type LocationPickerProps,
  type TypedInLocation,
} from './location-picker';
export { locationKeys, useGeocodedPostalCode, useUsableLocations } from './location-queries';
