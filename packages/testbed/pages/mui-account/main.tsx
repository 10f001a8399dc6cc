import {
  AppBar,
  Autocomplete,
  Box,
  Button,
  Checkbox,
  Container,
  CssBaseline,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  InputLabel,
  Menu,
  MenuItem,
  Paper,
  Select,
  Slider,
  Stack,
  Switch,
  Tab,
  Tabs,
  TextField,
  Toolbar,
  Typography,
} from '@mui/material';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  accountCountries,
  accountInterests,
  accountLanguages,
  muiAccountInitialData,
  retentionMarks,
  type AccountNotifications,
  type AccountProfile,
  type MuiAccountData,
  type MuiAccountView,
} from '../../src/fixtures/mui-account.js';
import { sorted, useExposedState } from '../shared/testbed-state.js';

function App() {
  const [data, setData] = useState<MuiAccountData>(() => structuredClone(muiAccountInitialData));
  const [view, setView] = useState<MuiAccountView>({ tab: 'profile', dialog: null, menuOpen: false });
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [saved, setSaved] = useState('');
  useExposedState('mui-account', data, view);

  const setProfile = (change: Partial<AccountProfile>) =>
    setData((old) => ({ ...old, profile: { ...old.profile, ...change } }));
  const setNotifications = (change: Partial<AccountNotifications>) =>
    setData((old) => ({ ...old, notifications: { ...old.notifications, ...change } }));
  const setPrivacy = (change: Partial<MuiAccountData['privacy']>) =>
    setData((old) => ({ ...old, privacy: { ...old.privacy, ...change } }));
  const closeMenu = (action?: string) => {
    setMenuAnchor(null);
    setView((old) => ({ ...old, menuOpen: false }));
    if (action !== undefined) setData((old) => ({ ...old, menuActions: [...old.menuActions, action] }));
  };
  const toggle = (
    label: string,
    checked: boolean,
    onChange: (value: boolean) => void,
    control: 'switch' | 'checkbox',
  ) => (
    <FormControlLabel
      label={label}
      control={
        control === 'switch' ? (
          <Switch checked={checked} onChange={(_, value) => onChange(value)} />
        ) : (
          <Checkbox checked={checked} onChange={(_, value) => onChange(value)} />
        )
      }
    />
  );

  const profileTab = (
    <Stack spacing={3} sx={{ maxWidth: 480 }}>
      <TextField
        label="Display name"
        value={data.profile.displayName}
        onChange={(event) => setProfile({ displayName: event.target.value })}
      />
      <FormControl>
        <InputLabel id="language-label">Language</InputLabel>
        <Select
          labelId="language-label"
          label="Language"
          value={data.profile.language}
          onChange={(event) => setProfile({ language: event.target.value })}
        >
          {accountLanguages.map((language) => (
            <MenuItem key={language.code} value={language.code}>
              {language.label}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <Autocomplete
        options={accountCountries}
        value={data.profile.country}
        onChange={(_, country) => setProfile({ country })}
        renderInput={(params) => <TextField {...params} label="Country" />}
      />
      <Autocomplete
        multiple
        options={accountInterests}
        value={data.profile.interests}
        onChange={(_, interests) => setProfile({ interests: sorted(interests) })}
        renderInput={(params) => <TextField {...params} label="Interests" />}
      />
      <DatePicker
        label="Birthday"
        value={data.profile.birthday === null ? null : dayjs(data.profile.birthday)}
        onChange={(value) =>
          setProfile({ birthday: value !== null && value.isValid() ? value.format('YYYY-MM-DD') : null })
        }
      />
      <Box>
        <Button
          variant="contained"
          onClick={() => {
            setData((old) => ({ ...old, savedProfile: { ...old.profile } }));
            setSaved('Profile saved.');
          }}
        >
          Save profile
        </Button>
      </Box>
    </Stack>
  );

  const notificationsTab = (
    <Stack spacing={2} sx={{ maxWidth: 480 }}>
      <FormGroup>
        {toggle(
          'Email updates',
          data.notifications.emailUpdates,
          (emailUpdates) => setNotifications({ emailUpdates }),
          'switch',
        )}
        {toggle('SMS alerts', data.notifications.smsAlerts, (smsAlerts) => setNotifications({ smsAlerts }), 'switch')}
        {toggle(
          'Product news',
          data.notifications.productNews,
          (productNews) => setNotifications({ productNews }),
          'switch',
        )}
      </FormGroup>
      <FormGroup>
        {toggle(
          'Daily digest',
          data.notifications.dailyDigest,
          (dailyDigest) => setNotifications({ dailyDigest }),
          'checkbox',
        )}
        {toggle(
          'Weekly report',
          data.notifications.weeklyReport,
          (weeklyReport) => setNotifications({ weeklyReport }),
          'checkbox',
        )}
      </FormGroup>
      <Box>
        <Typography id="volume-label">Notification volume</Typography>
        <Slider
          aria-labelledby="volume-label"
          value={data.notifications.volume}
          step={5}
          min={0}
          max={100}
          valueLabelDisplay="auto"
          onChange={(_, value) => setNotifications({ volume: value })}
        />
      </Box>
      <Box>
        <Button
          variant="contained"
          onClick={() => {
            setData((old) => ({ ...old, savedNotifications: { ...old.notifications } }));
            setSaved('Notification settings saved.');
          }}
        >
          Save notifications
        </Button>
      </Box>
    </Stack>
  );

  const privacyTab = (
    <Stack spacing={3} sx={{ maxWidth: 480 }}>
      {toggle('Public profile', data.privacy.publicProfile, (publicProfile) => setPrivacy({ publicProfile }), 'switch')}
      <Box>
        <Typography id="retention-label">Data retention (months)</Typography>
        <Slider
          aria-labelledby="retention-label"
          value={data.privacy.retentionMonths}
          step={null}
          min={1}
          max={24}
          marks={retentionMarks.map((value) => ({ value, label: String(value) }))}
          onChange={(_, value) => setPrivacy({ retentionMonths: value })}
        />
      </Box>
      <Stack direction="row" spacing={2}>
        <Button
          variant="outlined"
          color="error"
          onClick={() => setView((old) => ({ ...old, dialog: 'delete-account' }))}
        >
          Delete account
        </Button>
        <Button
          variant="outlined"
          aria-haspopup="menu"
          aria-expanded={view.menuOpen}
          onClick={(event) => {
            setMenuAnchor(event.currentTarget);
            setView((old) => ({ ...old, menuOpen: true }));
          }}
        >
          More
        </Button>
        <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => closeMenu()}>
          <MenuItem onClick={() => closeMenu('download-data')}>Download my data</MenuItem>
          <MenuItem onClick={() => closeMenu('clear-search-history')}>Clear search history</MenuItem>
          <MenuItem onClick={() => closeMenu('sign-out-everywhere')}>Sign out everywhere</MenuItem>
        </Menu>
      </Stack>
    </Stack>
  );

  const panels: Record<MuiAccountView['tab'], ReactNode> = {
    profile: profileTab,
    notifications: notificationsTab,
    privacy: privacyTab,
  };
  const closeDialog = () => setView((old) => ({ ...old, dialog: null }));

  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <CssBaseline />
      <AppBar position="static">
        <Toolbar>
          <Typography variant="h6">Harbor Analytics · Account preferences</Typography>
        </Toolbar>
      </AppBar>
      <Container sx={{ py: 3 }}>
        <Paper sx={{ p: 3 }}>
          {data.accountDeleted ? (
            <Typography>Your account is scheduled for deletion.</Typography>
          ) : (
            <>
              <Tabs
                value={view.tab}
                onChange={(_, tab: MuiAccountView['tab']) => setView((old) => ({ ...old, tab }))}
                sx={{ mb: 3 }}
              >
                <Tab label="Profile" value="profile" />
                <Tab label="Notifications" value="notifications" />
                <Tab label="Privacy" value="privacy" />
              </Tabs>
              {panels[view.tab]}
              <Typography role="status" sx={{ mt: 2 }} color="text.secondary">
                {saved}
              </Typography>
            </>
          )}
        </Paper>
      </Container>
      <Dialog open={view.dialog === 'delete-account'} onClose={closeDialog} aria-labelledby="delete-title">
        <DialogTitle id="delete-title">Delete your account?</DialogTitle>
        <DialogContent>
          <DialogContentText>All dashboards and reports are removed after 30 days.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={closeDialog}>Cancel</Button>
          <Button
            color="error"
            onClick={() => {
              setData((old) => ({ ...old, accountDeleted: true }));
              closeDialog();
            }}
          >
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </LocalizationProvider>
  );
}

const root = document.getElementById('root');
if (root !== null) createRoot(root).render(<App />);
