/** The small part of AMap JS API 2.0 the map picker and 数据大屏 use (https://lbs.amap.com/api/javascript-api-v2/documentation). */

export type AMapPosition = [number, number];

export interface AMapLngLat {
  getLng(): number;
  getLat(): number;
}

export interface AMapClickEvent {
  lnglat: AMapLngLat;
}

export interface AMapMap {
  on(event: 'click', handler: (event: AMapClickEvent) => void): void;
  setZoomAndCenter(zoom: number, center: AMapPosition): void;
  /** zooms and centres the map so every overlay on it shows */
  setFitView(): void;
  destroy(): void;
}

export interface AMapMarker {
  setPosition(position: AMapPosition): void;
  setMap(map: AMapMap | null): void;
}

export interface AMapMapOptions {
  zoom: number;
  center?: AMapPosition;
  /** amap://styles/darkblue and the like */
  mapStyle?: string;
}

export interface AMapMarkerOptions {
  position: AMapPosition;
  /** drawn instead of the default pin */
  content?: HTMLElement | string;
  title?: string;
  /** the pixel offset of the content's top left from the position */
  offset?: unknown;
  anchor?: 'center' | 'bottom-center' | 'top-left';
}

/** The callbacks' first argument: anything but 'complete' means no result. */
export type AMapStatus = 'complete' | 'error' | 'no_data';

export interface AMapTip {
  id: string;
  name: string;
  district: string;
  address: string | string[];
  /** '' when the tip is a district or a keyword, not a place */
  location: AMapLngLat | '';
}

export interface AMapAutoComplete {
  search(keyword: string, callback: (status: AMapStatus, result: { tips?: AMapTip[] } | string) => void): void;
}

export interface AMapPoi {
  id: string;
  name: string;
  address: string;
  location: AMapLngLat;
}

export interface AMapPlaceSearch {
  search(keyword: string, callback: (status: AMapStatus, result: { poiList?: { pois: AMapPoi[] } } | string) => void): void;
}

export interface AMapGeocoder {
  getAddress(position: AMapPosition, callback: (status: AMapStatus, result: { regeocode?: { formattedAddress: string } } | string) => void): void;
}

export interface AMapNamespace {
  Map: new (container: HTMLElement, options: AMapMapOptions) => AMapMap;
  Marker: new (options: AMapMarkerOptions) => AMapMarker;
  AutoComplete: new (options: { city?: string }) => AMapAutoComplete;
  PlaceSearch: new (options: { pageSize: number; city?: string }) => AMapPlaceSearch;
  Geocoder: new (options: { radius?: number }) => AMapGeocoder;
}

declare global {
  interface Window {
    AMap?: AMapNamespace;
    /** read by the AMap script when it starts, so it must be set before the script is added */
    _AMapSecurityConfig?: { securityJsCode: string };
  }
}
