import { zoneResource } from '@kayuh/contract/resources/zone';
import { registerInputSlot } from '../../../shared/resource/inputSlots';
import { ZonePointsInput } from './ZonePointsInput';

// A zone's outline is drawn on its city's map, among the city's other zones.
registerInputSlot(zoneResource, 'points', ZonePointsInput);
