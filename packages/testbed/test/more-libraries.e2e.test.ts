import { describeTaskSuite } from './task-suite.js';
import { agGridAssetsSolutions } from './solutions/ag-grid-assets.js';
import { flatpickrBookingSolutions } from './solutions/flatpickr-booking.js';
import { reactSelectTripSolutions } from './solutions/react-select-trip.js';
import { tomSelectJobsSolutions } from './solutions/tom-select-jobs.js';

describeTaskSuite({
  'react-select-trip': reactSelectTripSolutions,
  'flatpickr-booking': flatpickrBookingSolutions,
  'ag-grid-assets': agGridAssetsSolutions,
  'tom-select-jobs': tomSelectJobsSolutions,
});
