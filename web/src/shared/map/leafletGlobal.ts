import * as L from 'leaflet';

// Leaflet plugins written as scripts (geoman) extend the global `L`. Leaflet's own build sets it when it loads;
// this keeps it so if a build ever leaves it out, and must be imported before such a plugin.
const scope = globalThis as { L?: unknown };
scope.L ??= L;
