import type { Page, Route } from '@playwright/test';

/** What the console reads from /config.json when a deployment sets AMAP_KEY and AMAP_SECURITY_CODE. */
export const amapTestKeys = { amapKey: 'e2e-amap-key', amapSecurityCode: 'e2e-amap-code' };

/** A place the fake AMap knows: found by search, and named by reverse geocoding near it. */
export const shenzhenBay = { name: '深圳湾体育中心', district: '广东省深圳市南山区', address: '滨海大道3001号', lng: 113.942616, lat: 22.519882 };

/**
 * A stand-in for https://webapi.amap.com/maps?v=2.0 (the machine running the tests has no internet):
 * the classes and callbacks the map picker uses, a striped box for a map, and a click at (x, y) px
 * (inside its border) means lng 113.9 + x/10000, lat 22.56 − y/10000.
 */
const fakeAMapScript = `(() => {
  const place = ${JSON.stringify(shenzhenBay)};
  class LngLat {
    constructor(lng, lat) { this.lng = lng; this.lat = lat; }
    getLng() { return this.lng; }
    getLat() { return this.lat; }
  }
  const later = (fn) => setTimeout(fn, 20);
  class Map {
    constructor(container, options) {
      this.container = container;
      this.handlers = {};
      container.classList.add('fake-amap');
      Object.assign(container.style, { position: 'relative', cursor: 'crosshair',
        background: 'repeating-linear-gradient(0deg, #eef3ea 0 39px, #d9e4d2 39px 40px), repeating-linear-gradient(90deg, transparent 0 39px, #d9e4d2 39px 40px)' });
      container.dataset.center = options.center ? options.center.join(',') : '';
      container.addEventListener('click', (event) => {
        const box = container.getBoundingClientRect();
        const x = event.clientX - box.left - container.clientLeft;
        const y = event.clientY - box.top - container.clientTop;
        const lnglat = new LngLat(113.9 + x / 10000, 22.56 - y / 10000);
        if (this.handlers.click) this.handlers.click({ lnglat });
      });
    }
    on(event, handler) { this.handlers[event] = handler; }
    setZoomAndCenter(zoom, center) { this.container.dataset.center = center.join(','); }
    // frames the markers drawn with content: laid out across the box by their positions
    setFitView() {
      const marks = [...this.container.querySelectorAll('.fake-amap-content')];
      const lngs = marks.map((m) => Number(m.dataset.lng));
      const lats = marks.map((m) => Number(m.dataset.lat));
      const span = (values) => [Math.min(...values), Math.max(...values) - Math.min(...values) || 1];
      const [lng0, lngSpan] = span(lngs);
      const [lat0, latSpan] = span(lats);
      marks.forEach((m, i) => Object.assign(m.style, { left: 10 + ((lngs[i] - lng0) / lngSpan) * 80 + '%', top: 10 + (1 - (lats[i] - lat0) / latSpan) * 80 + '%' }));
      this.container.dataset.fitted = String(marks.length);
    }
    destroy() { this.container.replaceChildren(); }
  }
  class Marker {
    constructor({ position, content }) {
      if (content) {
        this.element = document.createElement('div');
        this.element.className = 'fake-amap-content';
        Object.assign(this.element.style, { position: 'absolute', left: '50%', top: '50%' });
        this.element.dataset.lng = position[0];
        this.element.dataset.lat = position[1];
        this.element.append(content);
        return;
      }
      this.element = document.createElement('div');
      this.element.className = 'fake-amap-marker';
      Object.assign(this.element.style, { position: 'absolute', left: '50%', top: '50%', transform: 'translate(-50%, -100%)',
        padding: '2px 8px', background: '#1677ff', color: '#fff', borderRadius: '4px', fontSize: '12px', pointerEvents: 'none' });
      this.setPosition(position);
    }
    setPosition(position) { this.element.textContent = '标记 ' + position[0].toFixed(6) + ', ' + position[1].toFixed(6); }
    setMap(map) { if (map) map.container.append(this.element); else this.element.remove(); }
  }
  class AutoComplete {
    search(keyword, callback) {
      const tips = place.name.includes(keyword)
        ? [{ id: 'B0FFFAB6J2', name: place.name, district: place.district, address: place.address, location: new LngLat(place.lng, place.lat) },
           { id: '', name: keyword, district: '', address: '', location: '' }]
        : [];
      later(() => (tips.length > 0 ? callback('complete', { tips }) : callback('no_data', {})));
    }
  }
  class PlaceSearch {
    search(keyword, callback) {
      const found = keyword === place.district + place.name;
      const pois = [{ id: 'B0FFFAB6J2', name: place.name, address: place.address, location: new LngLat(place.lng, place.lat) }];
      later(() => (found ? callback('complete', { poiList: { pois } }) : callback('no_data', {})));
    }
  }
  class Geocoder {
    getAddress(position, callback) {
      const near = Math.abs(position[0] - place.lng) < 0.001 && Math.abs(position[1] - place.lat) < 0.001;
      const formattedAddress = near ? place.district + place.address : place.district + '粤海街道科技园';
      later(() => callback('complete', { regeocode: { formattedAddress } }));
    }
  }
  // what the page had set when the script ran: the security code must come first
  window.__amapSecurityCodeSeen = window._AMapSecurityConfig && window._AMapSecurityConfig.securityJsCode;
  window.AMap = { Map, Marker, AutoComplete, PlaceSearch, Geocoder };
})();`;

/** /config.json with an AMap key, as a deployment with AMAP_KEY serves it; the rest is the server's own. */
export async function routeConfigWithAMapKey(page: Page) {
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...config, ...amapTestKeys } });
  });
}

/** The AMap script as the fake above, or as a network failure; answers the script URLs asked for. */
export async function routeAMapScript(page: Page, outcome: 'fake' | 'unreachable'): Promise<string[]> {
  const asked: string[] = [];
  await page.route('https://webapi.amap.com/**', async (route: Route) => {
    asked.push(route.request().url());
    if (outcome === 'unreachable') await route.abort('internetdisconnected');
    else await route.fulfill({ contentType: 'application/javascript; charset=utf-8', body: fakeAMapScript });
  });
  return asked;
}
