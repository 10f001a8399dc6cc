import { createPageChecks } from '../check.js';
import {
  agGridAssetsInitialData,
  assets,
  type AgGridAssetsData,
  type AgGridAssetsView,
  type Asset,
} from '../fixtures/ag-grid-assets.js';
import { defineTasks } from './define.js';

const on = createPageChecks<AgGridAssetsData, AgGridAssetsView>('ag-grid-assets', agGridAssetsInitialData);
const tagsWhere = (keep: (asset: Asset) => boolean) =>
  assets
    .filter(keep)
    .map((asset) => asset.tag)
    .sort();
const tagOf = (name: string) => assets.find((asset) => asset.name === name)?.tag ?? name;
const withoutNames = (...names: string[]) =>
  on.expect((data) => {
    data.rows = data.rows.filter((row) => !names.includes(row.name));
  });

export const agGridAssetsTasks = defineTasks('ag-grid-assets', 'ag-grid', [
  {
    name: 'sort-last-service-newest-first',
    widget: 'grid',
    goal: 'The grid is sorted by Last service, newest first, and by nothing else.',
    say: {
      terse: 'Sort by Last service, descending.',
      polite: 'Could you sort the assets so the most recently serviced ones come first?',
      lower: 'sort last service newest first',
    },
    check: on.expect(() => undefined, { sort: [{ colId: 'lastService', sort: 'desc' }] }),
  },
  {
    name: 'filter-riverside',
    widget: 'grid',
    goal: 'Only the Riverside assets are shown (a filter on the Site column); no row changed.',
    say: {
      terse: 'Filter Site to Riverside.',
      polite: 'Please show me only the assets at the Riverside site.',
      quoted: 'Type “Riverside” in the “Site” column filter.',
    },
    check: on.expect(() => undefined, { displayed: tagsWhere((asset) => asset.site === 'Riverside') }),
  },
  {
    name: 'delete-boiler-on-page-3',
    widget: 'pagination',
    goal: "The asset 'Boiler B-02' (page 3) is deleted with its row's Delete button; no other row.",
    say: {
      terse: "Delete 'Boiler B-02' (it is on page 3).",
      polite: 'Could you delete Boiler B-02? Page through the grid to find it.',
      lower: 'delete boiler b-02 from the inventory',
    },
    check: withoutNames('Boiler B-02'),
  },
  {
    name: 'select-two-rows',
    widget: 'checkbox',
    goal: 'Exactly AST-1004 and AST-1007 are selected; nothing deleted.',
    say: {
      terse: 'Select rows AST-1004 and AST-1007.',
      polite: 'Please tick the rows for assets AST-1004 and AST-1007.',
      lower: 'select ast-1004 and ast-1007',
      quoted: "Tick the checkboxes of 'AST-1004' and 'AST-1007'.",
    },
    check: on.expect((data) => {
      data.selected = ['AST-1004', 'AST-1007'];
    }),
  },
  {
    name: 'delete-selected',
    widget: 'button',
    goal: "'Forklift FL-3' and 'Pallet jack PJ-2' were deleted through 'Delete selected'; nothing else.",
    say: {
      terse: 'Select Forklift FL-3 and Pallet jack PJ-2, then Delete selected.',
      polite: 'Could you select the FL-3 forklift and the PJ-2 pallet jack and delete them both at once?',
      goal: 'Forklift FL-3 and Pallet jack PJ-2 were sold; take them out of the inventory.',
    },
    check: withoutNames('Forklift FL-3', 'Pallet jack PJ-2'),
  },
  {
    name: 'retire-generator',
    widget: 'dialog',
    goal: "'Generator G-1' has status Retired; its name and the other rows unchanged.",
    say: {
      terse: 'Edit Generator G-1: status Retired.',
      polite: 'Generator G-1 has been retired. Could you update its status?',
      quoted: 'Click “Edit” on “Generator G-1”, choose “Retired” and “Save”.',
    },
    check: on.expect((data) => {
      const row = data.rows.find((candidate) => candidate.tag === tagOf('Generator G-1'));
      if (row !== undefined) row.status = 'Retired';
    }),
  },
  {
    name: 'search-cranes',
    widget: 'search',
    goal: "Only the rows matching 'crane' are shown, through the Search assets box.",
    say: {
      terse: 'Search assets for crane.',
      polite: 'Could you search the inventory for cranes?',
      lower: 'type crane in search assets',
    },
    check: on.expect(() => undefined, {
      quickFilter: 'crane',
      displayed: tagsWhere((asset) => asset.name.toLowerCase().includes('crane')),
    }),
  },
  {
    name: 'last-page',
    widget: 'pagination',
    goal: 'The grid shows its last page, page 4.',
    say: {
      terse: 'Go to the last page.',
      polite: 'Please jump to the last page of the grid.',
      lower: 'show the last page',
    },
    check: on.expect(() => undefined, { page: 4 }),
  },
  {
    name: 'sort-name-a-to-z',
    widget: 'grid',
    goal: 'The grid is sorted by Name, A to Z.',
    say: {
      terse: 'Sort by Name ascending.',
      polite: 'Could you sort the assets alphabetically by name?',
      quoted: "Click the 'Name' column header to sort A to Z.",
    },
    check: on.expect(() => undefined, { sort: [{ colId: 'name', sort: 'asc' }] }),
  },
  {
    name: 'ask-which-forklift',
    widget: 'grid',
    expected: 'ask',
    goal: 'Nothing is deleted or selected: there are three forklifts.',
    say: {
      terse: 'Delete the forklift.',
      polite: 'Could you delete the forklift from the inventory?',
      lower: 'remove the forklift',
    },
    check: on.untouched(),
  },
]);
