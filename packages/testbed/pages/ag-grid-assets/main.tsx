import '../shared/base.css';
import {
  AllCommunityModule,
  ModuleRegistry,
  type ColDef,
  type GridApi,
  type ICellRendererParams,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import {
  agGridAssetsInitialData,
  assetStatuses,
  assetsPageSize,
  type AgGridAssetsData,
  type AgGridAssetsView,
  type Asset,
  type AssetStatus,
} from '../../src/fixtures/ag-grid-assets.js';
import { exposeState, sorted } from '../shared/testbed-state.js';

ModuleRegistry.registerModules([AllCommunityModule]);

type Dialog = AgGridAssetsView['dialog'];

function RowActions(props: ICellRendererParams<Asset> & { onAction: (kind: 'edit' | 'delete', tag: string) => void }) {
  const tag = props.data?.tag ?? '';
  return (
    <span style={{ display: 'inline-flex', gap: 6 }}>
      <button type="button" onClick={() => props.onAction('edit', tag)}>
        Edit
      </button>
      <button type="button" className="danger" onClick={() => props.onAction('delete', tag)}>
        Delete
      </button>
    </span>
  );
}

function App() {
  const [rows, setRows] = useState<Asset[]>(() => structuredClone(agGridAssetsInitialData.rows));
  const [quickFilter, setQuickFilter] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [selectedCount, setSelectedCount] = useState(0);
  const [editName, setEditName] = useState('');
  const [editStatus, setEditStatus] = useState<AssetStatus>('In service');
  const api = useRef<GridApi<Asset> | null>(null);
  const latest = useRef({ rows, quickFilter, dialog });
  const dialogElement = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    latest.current = { rows, quickFilter, dialog };
  });
  useLayoutEffect(() => {
    const element = dialogElement.current;
    if (element === null) return;
    if (dialog !== null && !element.open) element.showModal();
    if (dialog === null && element.open) element.close();
  }, [dialog]);

  const onAction = (kind: 'edit' | 'delete', tag: string) => {
    const asset = latest.current.rows.find((row) => row.tag === tag);
    if (asset === undefined) return;
    setEditName(asset.name);
    setEditStatus(asset.status);
    setDialog({ kind, tag });
  };
  const columns: ColDef<Asset>[] = [
    { field: 'tag', headerName: 'Asset tag', width: 140 },
    { field: 'name', headerName: 'Name', flex: 1 },
    { field: 'site', headerName: 'Site', width: 150 },
    { field: 'status', headerName: 'Status', width: 150 },
    { field: 'lastService', headerName: 'Last service', width: 160 },
    {
      colId: 'actions',
      headerName: 'Actions',
      width: 170,
      sortable: false,
      filter: false,
      cellRenderer: RowActions,
      cellRendererParams: { onAction },
    },
  ];

  const onGridReady = (grid: GridApi<Asset>) => {
    api.current = grid;
    // The grid itself answers what is sorted, filtered, selected and on which page.
    exposeState('ag-grid-assets', () => {
      const displayed: string[] = [];
      grid.forEachNodeAfterFilter((node) => {
        if (node.data !== undefined) displayed.push(node.data.tag);
      });
      const data: AgGridAssetsData = {
        rows: latest.current.rows,
        selected: sorted(grid.getSelectedRows().map((row) => row.tag)),
      };
      const view: AgGridAssetsView = {
        sort: grid
          .getColumnState()
          .filter((column) => column.sort === 'asc' || column.sort === 'desc')
          .sort((a, b) => (a.sortIndex ?? 0) - (b.sortIndex ?? 0))
          .map((column) => ({ colId: column.colId, sort: column.sort as 'asc' | 'desc' })),
        displayed: sorted(displayed),
        quickFilter: latest.current.quickFilter,
        page: grid.paginationGetCurrentPage() + 1,
        dialog: latest.current.dialog,
      };
      return { data, view };
    });
  };

  const removeTags = (tags: string[]) => setRows((old) => old.filter((row) => !tags.includes(row.tag)));
  const confirm = () => {
    if (dialog === null) return;
    if (dialog.kind === 'delete') removeTags([dialog.tag]);
    else if (editName.trim() !== '') {
      setRows((old) =>
        old.map((row) => (row.tag === dialog.tag ? { ...row, name: editName.trim(), status: editStatus } : row)),
      );
    } else return;
    setDialog(null);
  };
  const target = rows.find((row) => row.tag === dialog?.tag);

  return (
    <>
      <header className="top">
        <h1>Asset inventory</h1>
      </header>
      <main style={{ maxWidth: 1200 }}>
        <div className="row" style={{ marginBottom: 12 }}>
          <div>
            <label htmlFor="quick-filter">Search assets</label>
            <input
              id="quick-filter"
              type="search"
              value={quickFilter}
              onChange={(event) => setQuickFilter(event.target.value)}
            />
          </div>
          <button
            type="button"
            className="danger"
            disabled={selectedCount === 0}
            onClick={() => removeTags(api.current?.getSelectedRows().map((row) => row.tag) ?? [])}
          >
            Delete selected ({selectedCount})
          </button>
        </div>
        <div style={{ height: 560 }}>
          <AgGridReact<Asset>
            rowData={rows}
            columnDefs={columns}
            defaultColDef={{ sortable: true, filter: true, floatingFilter: true }}
            getRowId={(params) => params.data.tag}
            rowSelection={{ mode: 'multiRow' }}
            pagination
            paginationPageSize={assetsPageSize}
            paginationPageSizeSelector={false}
            quickFilterText={quickFilter}
            onGridReady={(event) => onGridReady(event.api)}
            onSelectionChanged={(event) => setSelectedCount(event.api.getSelectedRows().length)}
          />
        </div>
      </main>
      <dialog ref={dialogElement} aria-labelledby="asset-dialog-title" onClose={() => setDialog(null)}>
        <h2 id="asset-dialog-title">
          {dialog?.kind === 'delete' ? `Delete ${target?.name ?? ''}?` : `Edit ${target?.name ?? ''}`}
        </h2>
        {dialog?.kind === 'edit' && (
          <>
            <label htmlFor="edit-name">Name</label>
            <input id="edit-name" type="text" value={editName} onChange={(event) => setEditName(event.target.value)} />
            <label htmlFor="edit-status">Status</label>
            <select
              id="edit-status"
              value={editStatus}
              onChange={(event) => setEditStatus(event.target.value as AssetStatus)}
            >
              {assetStatuses.map((status) => (
                <option key={status}>{status}</option>
              ))}
            </select>
          </>
        )}
        {dialog?.kind === 'delete' && <p>The asset and its service records are removed.</p>}
        <p className="row">
          <button type="button" onClick={() => setDialog(null)}>
            Cancel
          </button>
          <button type="button" className={dialog?.kind === 'delete' ? 'danger' : 'primary'} onClick={confirm}>
            {dialog?.kind === 'delete' ? 'Delete' : 'Save'}
          </button>
        </p>
      </dialog>
    </>
  );
}

const root = document.getElementById('root');
if (root !== null) createRoot(root).render(<App />);
