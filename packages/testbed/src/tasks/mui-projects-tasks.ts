import { createPageChecks } from '../check.js';
import {
  muiProjectsInitialData,
  type MuiProjectsData,
  type MuiProjectsView,
  type Project,
} from '../fixtures/mui-projects.js';
import { defineTasks } from './define.js';

const on = createPageChecks<MuiProjectsData, MuiProjectsView>('mui-projects', muiProjectsInitialData);

const changed = (changes: Record<string, Partial<Project> | 'deleted'>) =>
  on.expect((data) => {
    data.projects = data.projects.flatMap((project) => {
      const change = changes[project.id];
      if (change === 'deleted') return [];
      return [{ ...project, ...change }];
    });
  });

export const muiProjectsTasks = defineTasks('mui-projects', 'mui', [
  {
    name: 'rename-dock-scheduling',
    widget: 'dialog',
    goal: "'Dock Scheduling' is renamed 'Berth Scheduling'; no other project changed.",
    say: {
      terse: "Rename Dock Scheduling to 'Berth Scheduling'.",
      polite: 'Could you rename the Dock Scheduling project to Berth Scheduling?',
      quoted: 'Open “More actions” on “Dock Scheduling”, choose “Rename”, type “Berth Scheduling” and “Save”.',
    },
    check: changed({ p3: { name: 'Berth Scheduling' } }),
  },
  {
    name: 'duplicate-tide-tables',
    widget: 'menu',
    goal: "A copy 'Tide Tables API (copy)' with the same template was added; the rest is unchanged.",
    say: {
      terse: 'Duplicate Tide Tables API.',
      polite: 'Please make a copy of the Tide Tables API project.',
      lower: 'duplicate the tide tables api project',
    },
    check: on.expect((data) => {
      const original = data.projects.find((project) => project.id === 'p2');
      if (original !== undefined) data.projects.push({ ...original, id: 'p8', name: 'Tide Tables API (copy)' });
    }),
  },
  {
    name: 'archive-crew-portal',
    widget: 'menu',
    goal: "'Crew Portal' is archived, and no other project.",
    say: {
      terse: 'Archive Crew Portal.',
      polite: 'The crew portal is done for now; could you archive it?',
      quoted: "Click 'More actions' on the 'Crew Portal' card, then 'Archive'.",
      lower: 'archive the crew portal project',
    },
    check: changed({ p4: { status: 'archived' } }),
  },
  {
    name: 'delete-cargo-tracker',
    widget: 'dialog',
    goal: "'Cargo Tracker' is deleted after confirming; no other project changed.",
    say: {
      terse: 'Delete Cargo Tracker and confirm.',
      polite: 'Could you delete the Cargo Tracker project? Confirm when it asks.',
      goal: 'Cargo Tracker should be gone for good.',
    },
    check: changed({ p5: 'deleted' }),
  },
  {
    name: 'new-scrum-project',
    widget: 'select',
    goal: "A new active project 'Pilot Boarding' with the Scrum sprints template exists.",
    say: {
      terse: "New project 'Pilot Boarding', template Scrum sprints.",
      polite: 'Could you create a project called Pilot Boarding using the Scrum template?',
      quoted: 'Click “New project”, name it “Pilot Boarding”, pick “Scrum sprints” as “Template” and press “Create”.',
    },
    check: on.expect((data) => {
      data.projects.push({
        id: 'p8',
        name: 'Pilot Boarding',
        status: 'active',
        template: 'scrum',
        description: 'A new project.',
      });
    }),
  },
  {
    name: 'restore-legacy-intranet',
    widget: 'tabs',
    goal: "'Legacy Intranet' (on the Archived tab) is active again.",
    say: {
      terse: 'Restore Legacy Intranet from the archive.',
      polite: 'We need the old intranet again. Could you restore Legacy Intranet? It is under Archived.',
      lower: 'go to archived and restore legacy intranet',
    },
    check: changed({ p7: { status: 'active' } }),
  },
  {
    name: 'archive-second-card',
    widget: 'menu',
    goal: 'The second active project card (Tide Tables API) is archived.',
    say: {
      terse: 'Archive the second project card.',
      polite: 'Please archive the second project on the board.',
      lower: 'archive the 2nd card',
    },
    check: changed({ p2: { status: 'archived' } }),
  },
  {
    name: 'archive-two-projects',
    widget: 'menu',
    goal: "Both 'Harbor Redesign' and 'Supplier Portal' are archived, and nothing else changed.",
    say: {
      terse: 'Archive Harbor Redesign and Supplier Portal.',
      polite: 'Could you archive the Harbor Redesign and Supplier Portal projects?',
      quoted: 'Archive ‘Harbor Redesign’ and ‘Supplier Portal’.',
    },
    check: changed({ p1: { status: 'archived' }, p6: { status: 'archived' } }),
  },
  {
    name: 'ask-which-portal',
    widget: 'menu',
    expected: 'ask',
    goal: 'Nothing is deleted: there are two portals (Crew Portal and Supplier Portal).',
    say: {
      terse: 'Delete the portal project.',
      polite: 'Could you delete the portal project for me?',
      lower: 'delete the portal',
    },
    check: on.untouched(),
  },
]);
