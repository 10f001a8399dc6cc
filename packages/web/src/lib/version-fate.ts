import type { PlanVersion, RunEvent } from '@sandpiper/protocol';

/** What happened to a version, in a few words, and how it reads at a glance. */
export interface VersionFate {
  /** "in force", "approved, replaced by v3", "replaced by your edit (v2)", "rejected: too many steps"… */
  readonly label: string;
  readonly tone: 'current' | 'past' | 'waiting' | 'rejected';
}

const revisedBy: Readonly<Record<PlanVersion['cause'], string>> = {
  initial: 'a new plan',
  regenerate: 'a regenerated plan',
  'plan-edit': 'your edit',
  guidance: 'your guidance',
  annotation: 'your marks',
  'system-replan': 'a recovery step',
  'verifier-rejection': 'the missing work',
  resume: 'the steps to redo after the restart',
  declined: 'going on without the declined step',
};

/**
 * Each version's fate, read from the run's events and the versions themselves: whether it was
 * approved (and by whom), is in force, was replaced and by which version, was rejected and why,
 * or still waits for a decision.
 */
export function versionFates(versions: readonly PlanVersion[], events: readonly RunEvent[]): Map<string, VersionFate> {
  const subjectOf = new Map<string, string>();
  const decisions = new Map<string, { decision: 'accepted' | 'rejected'; by: string; reason?: string }>();
  for (const event of events) {
    const payload = event.payload;
    if (payload.type === 'approval-request' && payload.subject.type === 'plan') {
      subjectOf.set(payload.requestId, payload.subject.versionId);
    } else if (payload.type === 'approval-response') {
      const versionId = subjectOf.get(payload.requestId);
      if (versionId !== undefined) {
        decisions.set(versionId, {
          decision: payload.decision,
          by: payload.by,
          ...(payload.reason ? { reason: payload.reason } : {}),
        });
      }
    }
  }
  const children = (id: string) => versions.filter((version) => version.parentId === id);
  const fates = new Map<string, VersionFate>();
  for (const version of versions) {
    const decision = decisions.get(version.id);
    const approver = decision?.by === 'policy' ? 'approved by policy' : 'approved';
    switch (version.state) {
      case 'locked':
        fates.set(version.id, { label: `in force (${approver})`, tone: 'current' });
        break;
      case 'superseded': {
        const next = children(version.id).find((child) => child.state === 'locked' || child.state === 'superseded');
        const by = next ? `, replaced by v${next.number}` : ', replaced';
        fates.set(version.id, { label: `${approver}${by}`, tone: 'past' });
        break;
      }
      case 'rejected': {
        const successor = children(version.id).find((child) => child.state !== 'rejected');
        const reason = decision?.reason;
        if (successor && (reason === undefined || reason.startsWith('superseded'))) {
          fates.set(version.id, {
            label: `replaced by ${revisedBy[successor.cause]} (v${successor.number})`,
            tone: 'past',
          });
        } else if (reason === 'regenerate') {
          fates.set(version.id, { label: 'set aside for a regenerated plan', tone: 'rejected' });
        } else {
          fates.set(version.id, { label: reason ? `rejected: ${reason}` : 'rejected', tone: 'rejected' });
        }
        break;
      }
      default:
        fates.set(version.id, { label: 'awaiting approval', tone: 'waiting' });
    }
  }
  return fates;
}
