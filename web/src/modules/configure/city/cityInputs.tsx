import { cityResource } from '@kayuh/contract/resources/city';
import { CentrePointInput } from '../../../shared/map/CentrePointInput';
import { registerInputSlot } from '../../../shared/resource/inputSlots';

// A city's centre is picked on a map: the latitude's place holds the map, which writes the longitude too.
registerInputSlot(cityResource, 'centerLat', (props) => <CentrePointInput {...props} lngField="centerLng" zoomField="defaultZoom" />);
