import type { ApprovalSubject, RunEvent } from '@sandpiper/protocol';
import { marksBoundingBox } from '@sandpiper/protocol';
import { causeLabel, splitRationale } from './run-phase.js';

/** One message or banner of the planner chat. */
export interface ChatEntry {
  readonly seq: number;
  readonly at: number;
  /** `user`: the person's own words; `banner`: what happened in answer or on its own. */
  readonly side: 'user' | 'banner';
  /** Which kind of intervention or update, for the icon and for tests. */
  readonly kind:
    | 'guidance'
    | 'annotation'
    | 'plan'
    | 'proposal'
    | 'decision'
    | 'approval'
    | 'takeover'
    | 'warning'
    | 'detector'
    | 'completion'
    | 'clarification'
    | 'control'
    | 'end';
  readonly tone: 'info' | 'user' | 'warning' | 'danger' | 'success' | 'neutral';
  readonly title: string;
  /** More detail under the title; absent when the title says it all. */
  readonly body?: string;
  /** A short code to show as a chip (the detector pattern); absent for most entries. */
  readonly tag?: string;
}

/** The chat as the events tell it: the person's interventions and the answers and warnings around them. */
export function chatEntries(events: readonly RunEvent[]): ChatEntry[] {
  const entries: ChatEntry[] = [];
  const subjects = new Map<string, ApprovalSubject>();
  const versionNumbers = new Map<string, number>();
  for (const event of events) {
    const base = { seq: event.seq, at: event.at };
    const payload = event.payload;
    switch (payload.type) {
      case 'guidance':
        entries.push({ ...base, side: 'user', kind: 'guidance', tone: 'user', title: payload.text });
        break;
      case 'annotation': {
        const box = marksBoundingBox(payload.marks);
        entries.push({
          ...base,
          side: 'user',
          kind: 'annotation',
          tone: 'user',
          title: payload.sentence ?? 'Look at the marked area.',
          body: `${payload.marks.length} mark${payload.marks.length === 1 ? '' : 's'} around (${Math.round(box.x)}, ${Math.round(box.y)}), ${Math.round(box.width)}×${Math.round(box.height)} px`,
        });
        break;
      }
      case 'plan-version-create': {
        const version = payload.version;
        versionNumbers.set(version.id, version.number);
        const steps = version.completed.length + version.pending.length;
        if (version.cause === 'initial' || version.cause === 'regenerate') {
          entries.push({
            ...base,
            side: 'banner',
            kind: 'plan',
            tone: 'info',
            title: `${version.cause === 'initial' ? 'Drafted' : 'Regenerated'} plan v${version.number} with ${steps} steps`,
            body: version.analysis,
          });
        } else {
          const rationale = splitRationale(version.rationale);
          entries.push({
            ...base,
            side: 'banner',
            kind: 'proposal',
            tone: 'info',
            title: `Proposal v${version.number} (${causeLabel(version.cause).toLowerCase()})`,
            ...(rationale.text ? { body: rationale.text } : {}),
            ...(rationale.pattern ? { tag: rationale.pattern } : {}),
          });
        }
        break;
      }
      case 'approval-request':
        subjects.set(payload.requestId, payload.subject);
        if (payload.subject.type === 'action') {
          entries.push({
            ...base,
            side: 'banner',
            kind: 'approval',
            tone: 'warning',
            title: `Approval needed: ${payload.subject.summary}`,
            body: payload.subject.reason,
          });
        }
        if (payload.subject.type === 'result') {
          entries.push({
            ...base,
            side: 'banner',
            kind: 'approval',
            tone: 'warning',
            title: `Is the task done? ${payload.subject.summary}`,
            body: `But ${payload.subject.reason}.`,
          });
        }
        break;
      case 'approval-response': {
        const subject = subjects.get(payload.requestId);
        const what =
          subject?.type === 'plan'
            ? `plan v${versionNumbers.get(subject.versionId) ?? '?'}`
            : subject?.type === 'action'
              ? `“${subject.summary}”`
              : subject?.type === 'result'
                ? 'the result'
                : 'the request';
        // Edits, revisions and regenerations answer the old request with a rejection; the new version tells the story.
        if (payload.by === 'user' && payload.decision === 'rejected' && isReplacement(payload.reason)) break;
        const accepted = payload.decision === 'accepted';
        entries.push({
          ...base,
          side: 'banner',
          kind: 'decision',
          tone: accepted ? 'success' : 'neutral',
          title: `${payload.by === 'policy' ? 'Approved by policy' : accepted ? 'You approved' : 'You rejected'} ${what}`,
          ...(payload.reason && !accepted ? { body: payload.reason } : {}),
        });
        break;
      }
      case 'takeover-start':
        entries.push({ ...base, side: 'banner', kind: 'takeover', tone: 'warning', title: 'You took over the screen' });
        break;
      case 'takeover-end':
        entries.push({
          ...base,
          side: 'banner',
          kind: 'takeover',
          tone: 'neutral',
          title: `Control handed back after ${payload.manualActions} manual action${payload.manualActions === 1 ? '' : 's'}`,
        });
        break;
      case 'warning':
        entries.push({ ...base, side: 'banner', kind: 'warning', tone: 'warning', title: payload.message });
        break;
      case 'detector-fire':
        entries.push({
          ...base,
          side: 'banner',
          kind: 'detector',
          tone: 'warning',
          title: `No progress detected (${payload.detector})`,
          body: payload.reason,
          tag: payload.pattern,
        });
        break;
      case 'completion-check':
        if (!payload.accepted) {
          entries.push({
            ...base,
            side: 'banner',
            kind: 'completion',
            tone: 'warning',
            title: `Completion claim ${payload.claim} rejected`,
            body: payload.judge?.verdict === 'reject' ? payload.judge.reason : payload.gate.reason,
          });
        }
        break;
      case 'feasibility-check':
        if (payload.verdict !== 'feasible') {
          entries.push({
            ...base,
            side: 'banner',
            kind: 'warning',
            tone: payload.verdict === 'infeasible' ? 'danger' : 'warning',
            title: `The task looks ${payload.verdict}`,
            body: payload.evidence.join(' '),
          });
        }
        break;
      case 'clarification-request':
        entries.push({
          ...base,
          side: 'banner',
          kind: 'clarification',
          tone: 'warning',
          title: payload.question,
          ...(payload.unparsed.length > 0 ? { body: `Not understood: ${payload.unparsed.join(' · ')}` } : {}),
        });
        break;
      case 'run-pause':
        entries.push({ ...base, side: 'banner', kind: 'control', tone: 'neutral', title: 'Run paused' });
        break;
      case 'run-resume':
        entries.push({ ...base, side: 'banner', kind: 'control', tone: 'neutral', title: 'Run resumed' });
        break;
      case 'run-end':
        entries.push({
          ...base,
          side: 'banner',
          kind: 'end',
          tone: payload.status === 'succeeded' ? 'success' : payload.status === 'cancelled' ? 'neutral' : 'danger',
          title: `Run ${payload.status}`,
          body: payload.reason,
        });
        break;
      default:
        break;
    }
  }
  return entries;
}

/** The reasons the run gives when a version was replaced rather than turned down by the person. */
function isReplacement(reason: string | undefined): boolean {
  return reason === 'regenerate' || reason === 'edited' || (reason?.startsWith('superseded by ') ?? false);
}
