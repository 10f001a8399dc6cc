import {
  AppBar,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Container,
  CssBaseline,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  IconButton,
  InputLabel,
  Menu,
  MenuItem,
  Select,
  Snackbar,
  Stack,
  SvgIcon,
  Tab,
  Tabs,
  TextField,
  Toolbar,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import {
  muiProjectsInitialData,
  projectTemplates,
  type MuiProjectsData,
  type MuiProjectsView,
  type Project,
  type ProjectTemplate,
} from '../../src/fixtures/mui-projects.js';
import { useExposedState } from '../shared/testbed-state.js';

function App() {
  const [data, setData] = useState<MuiProjectsData>(() => structuredClone(muiProjectsInitialData));
  const [view, setView] = useState<MuiProjectsView>({ tab: 'active', dialog: null, menuFor: null });
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [nameField, setNameField] = useState('');
  const [template, setTemplate] = useState<ProjectTemplate>('blank');
  const [notice, setNotice] = useState('');
  useExposedState('mui-projects', data, view);

  const byId = (id: string | null) => data.projects.find((project) => project.id === id);
  const nextId = () => `p${Math.max(...data.projects.map((project) => Number(project.id.slice(1))), 0) + 1}`;
  const update = (id: string, change: Partial<Project>) =>
    setData((old) => ({
      projects: old.projects.map((project) => (project.id === id ? { ...project, ...change } : project)),
    }));
  const closeMenu = () => {
    setAnchor(null);
    setView((old) => ({ ...old, menuFor: null }));
  };
  const openDialog = (kind: 'rename' | 'delete' | 'new', project: string | null) => {
    setNameField(byId(project)?.name ?? '');
    setTemplate('blank');
    setAnchor(null);
    setView((old) => ({ ...old, menuFor: null, dialog: { kind, project } }));
  };
  const closeDialog = () => setView((old) => ({ ...old, dialog: null }));

  const act = (action: 'rename' | 'duplicate' | 'archive' | 'restore' | 'delete') => {
    const project = byId(view.menuFor);
    if (project === undefined) return;
    if (action === 'rename' || action === 'delete') return openDialog(action, project.id);
    closeMenu();
    if (action === 'duplicate') {
      setData((old) => ({ projects: [...old.projects, { ...project, id: nextId(), name: `${project.name} (copy)` }] }));
      setNotice(`${project.name} duplicated.`);
    } else {
      update(project.id, { status: action === 'archive' ? 'archived' : 'active' });
      setNotice(`${project.name} ${action === 'archive' ? 'archived' : 'restored'}.`);
    }
  };

  const dialog = view.dialog;
  const dialogProject = byId(dialog?.project ?? null);
  const confirmDialog = () => {
    if (dialog === null) return;
    const name = nameField.trim();
    if (dialog.kind === 'delete' && dialogProject !== undefined) {
      setData((old) => ({ projects: old.projects.filter((project) => project.id !== dialogProject.id) }));
      setNotice(`${dialogProject.name} deleted.`);
    } else if (name === '') {
      return;
    } else if (dialog.kind === 'rename' && dialogProject !== undefined) {
      update(dialogProject.id, { name });
    } else if (dialog.kind === 'new') {
      setData((old) => ({
        projects: [...old.projects, { id: nextId(), name, status: 'active', template, description: 'A new project.' }],
      }));
      setNotice(`${name} created.`);
    }
    closeDialog();
  };

  const shown = data.projects.filter((project) => project.status === view.tab);
  const menuProject = byId(view.menuFor);

  return (
    <>
      <CssBaseline />
      <AppBar position="static">
        <Toolbar>
          <Typography variant="h6" sx={{ flexGrow: 1 }}>
            Tidewater · Projects
          </Typography>
          <Button color="inherit" variant="outlined" onClick={() => openDialog('new', null)}>
            New project
          </Button>
        </Toolbar>
      </AppBar>
      <Container sx={{ py: 3 }}>
        <Tabs
          value={view.tab}
          onChange={(_, tab: MuiProjectsView['tab']) => setView((old) => ({ ...old, tab }))}
          sx={{ mb: 2 }}
        >
          <Tab label="Active" value="active" />
          <Tab label="Archived" value="archived" />
        </Tabs>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 2 }}>
          {shown.map((project) => (
            <Card key={project.id} component="article" aria-labelledby={`title-${project.id}`} variant="outlined">
              <CardHeader
                title={<span id={`title-${project.id}`}>{project.name}</span>}
                subheader={projectTemplates.find((entry) => entry.id === project.template)?.label}
                action={
                  <IconButton
                    aria-label="More actions"
                    aria-haspopup="menu"
                    onClick={(event) => {
                      setAnchor(event.currentTarget);
                      setView((old) => ({ ...old, menuFor: project.id }));
                    }}
                  >
                    <SvgIcon>
                      <path d="M12 8a2 2 0 1 0 0-4 2 2 0 0 0 0 4zm0 2a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm0 6a2 2 0 1 0 0 4 2 2 0 0 0 0-4z" />
                    </SvgIcon>
                  </IconButton>
                }
              />
              <CardContent>
                <Typography color="text.secondary">{project.description}</Typography>
              </CardContent>
            </Card>
          ))}
        </Box>
      </Container>
      <Menu anchorEl={anchor} open={anchor !== null && menuProject !== undefined} onClose={closeMenu}>
        {menuProject?.status === 'archived'
          ? [
              <MenuItem key="restore" onClick={() => act('restore')}>
                Restore
              </MenuItem>,
              <MenuItem key="delete" onClick={() => act('delete')}>
                Delete
              </MenuItem>,
            ]
          : [
              <MenuItem key="rename" onClick={() => act('rename')}>
                Rename
              </MenuItem>,
              <MenuItem key="duplicate" onClick={() => act('duplicate')}>
                Duplicate
              </MenuItem>,
              <MenuItem key="archive" onClick={() => act('archive')}>
                Archive
              </MenuItem>,
              <MenuItem key="delete" onClick={() => act('delete')}>
                Delete
              </MenuItem>,
            ]}
      </Menu>
      <Dialog open={dialog !== null} onClose={closeDialog} aria-labelledby="dialog-title" fullWidth maxWidth="xs">
        <DialogTitle id="dialog-title">
          {dialog?.kind === 'delete'
            ? `Delete ${dialogProject?.name ?? ''}?`
            : dialog?.kind === 'rename'
              ? 'Rename project'
              : 'New project'}
        </DialogTitle>
        <DialogContent>
          {dialog?.kind === 'delete' ? (
            <DialogContentText>The project, its tasks and its files are deleted for everyone.</DialogContentText>
          ) : (
            <Stack spacing={2} sx={{ pt: 1 }}>
              <TextField
                label="Project name"
                value={nameField}
                autoFocus
                onChange={(event) => setNameField(event.target.value)}
              />
              {dialog?.kind === 'new' && (
                <FormControl>
                  <InputLabel id="template-label">Template</InputLabel>
                  <Select
                    labelId="template-label"
                    label="Template"
                    value={template}
                    onChange={(event) => setTemplate(event.target.value)}
                  >
                    {projectTemplates.map((entry) => (
                      <MenuItem key={entry.id} value={entry.id}>
                        {entry.label}
                      </MenuItem>
                    ))}
                  </Select>
                </FormControl>
              )}
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={closeDialog}>Cancel</Button>
          <Button variant="contained" color={dialog?.kind === 'delete' ? 'error' : 'primary'} onClick={confirmDialog}>
            {dialog?.kind === 'delete' ? 'Delete' : dialog?.kind === 'rename' ? 'Save' : 'Create'}
          </Button>
        </DialogActions>
      </Dialog>
      <Snackbar open={notice !== ''} message={notice} autoHideDuration={4000} onClose={() => setNotice('')} />
    </>
  );
}

const root = document.getElementById('root');
if (root !== null) createRoot(root).render(<App />);
