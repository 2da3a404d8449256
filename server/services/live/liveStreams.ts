import { guestCookieName } from '@common/api/guests';
import type { DomainEvent } from '@common/domainEvents';
import { can, type ProjectActor } from '@common/projectRoles';
import type { Logger } from 'pino';
import { isTruncated, type BusEvent, type BusSignal, type EventBus } from '../../adapters/bus/eventBus';
import type { Clock } from '../../clock';
import type { LiveNotificationRow, VisibleProject } from '../../db/repositories/liveFacts';
import type { UnitOfWorkOf } from '../../db/unitOfWork';
import { unauthorized } from '../../errors';
import {
  ACCESS_EVENT_TYPES,
  SHARE_EVENT_TYPES,
  WORKSPACE_ACCESS_EVENT_TYPES,
  isLiveType,
  mayReceive,
  needsRounds,
  sharedMayReceive,
  type RoundFacts,
} from '../../policies/live';
import {
  presentAccessRevoked,
  presentEventMessage,
  presentGoneMessage,
  presentNotificationMessage,
  presentViewersMessage,
} from '../../presenters/liveMessage';
import { liveNewsOf, type LiveSubject } from '../../policies/sharedReach';
import type { SharedProject } from '../../policies/sharedReach';
import type { GuestService } from '../projects/guests';
import type { SharedAccess } from '../projects/sharedAccess';
import type { AssetPresence } from './assetPresence';

/** Where a stream's messages go: the route's SSE connection, seen without HTTP. */
export interface LiveSink {
  /** Commits the answer (200, text/event-stream): called once the caller is let in. */
  start(): void;
  /** Queues one message on the connection, at once and in order. */
  write(message: { id?: number; event: string; data: string }): void;
  close(): void;
  onClose(listener: () => void): void;
  readonly connected: boolean;
  /** Bytes written that the client has not taken yet. */
  readonly backlog: number;
}

/** Who opens a stream: a signed-in user, or a public link's viewer (with the cookies that unlock it). */
export type LiveCaller =
  { userId: number } | { shareHash: string; cookies: Record<string, string | undefined> };

/** A stream whose client lets this much pile up unread is closed; it reconnects and replays. */
const MAX_BACKLOG_BYTES = 4 * 1024 * 1024;
/** Replay reads the events table in pages of this many. */
const REPLAY_PAGE = 500;
/** How long a stream remembers what it replayed, to drop the same events arriving late on the bus. */
const REPLAYED_MEMORY_MS = 120_000;

interface Seen {
  actor: ProjectActor;
  workspaceId: number;
}

interface SharedLink {
  hash: string;
  cookies: Record<string, string | undefined>;
  projectId: number;
  workspaceId: number;
  showComments: boolean;
  expiresAt: string | null;
  /** What the link reaches of its project (policies/sharedReach.ts); null for the public link. */
  reach: SharedProject['share_link'];
  /** The review link's guest whose cookie the stream came with; null for a viewer. */
  guestId: number | null;
}

class Stream {
  /** The projects it may see, with the caller's role (a shared view: its one project). */
  projects = new Map<number, Seen>();
  /** Events that came while it opened, delivered after the replay; null once open. */
  pending: Prepared[] | null = [];
  /** Access changed while it opened: worked out again before it goes live. */
  stale = false;
  closed = false;
  /** Ids it replayed, and until when to keep them. */
  replayed: { ids: Set<number>; until: number } | null = null;

  constructor(
    readonly sink: LiveSink,
    readonly userId: number | null,
    public share: SharedLink | null,
    readonly lastEventId: number | null,
  ) {}
}

/** An event made ready once per instance for every stream it goes to. */
interface Prepared {
  event: DomainEvent;
  /** The message's data, serialised once; null when the event is not forwarded. */
  json: string | null;
  /** Notifications made from it, by recipient. */
  notifications: Map<number, LiveNotificationRow[]>;
  rounds: RoundFacts | null;
  /** A comment event's: the guest who began its thread (null for a member's thread, or unknown). */
  threadGuestId: number | null;
  /** What it is about, for a folder or selection link's reach; null when no shared view is told. */
  subject: LiveSubject | null;
}

/**
 * The live stream hub of one web process (issue 24 item 5; docs/architecture.md 'Real time'): one
 * bus subscription, a map from project id to the open streams that may see it, and per stream the
 * projects (and role) it may see. Each committed event is prepared once (its notifications and,
 * for shared views, its round, each one query per event) and written to the streams allowed to
 * receive it. A stream holds no database connection: it is a writer in these maps.
 *
 * Opening: the stream is registered (so nothing committed from then on is missed, the events that
 * arrive are kept), the caller's access is read, the events after Last-Event-ID are replayed from
 * the events table, then the kept ones not replayed are written and the stream goes live: no gap,
 * no duplicate. Access is worked out again after the events that change it; a stream that lost a
 * project is told (`access.revoked`) and closed.
 */
export class LiveStreams {
  private readonly streams = new Set<Stream>();
  private readonly byProject = new Map<number, Set<Stream>>();
  private readonly byUser = new Map<number, Set<Stream>>();
  private readonly opening = new Set<Stream>();
  /** Bus messages are handled one after another, so each stream gets them in the bus's order. */
  private chain: Promise<void> = Promise.resolve();
  private stops: (() => void)[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly uow: UnitOfWorkOf<'liveFacts' | 'domainEvents'>,
    private readonly sharedAccess: SharedAccess,
    private readonly guests: Pick<GuestService, 'known'>,
    private readonly presence: AssetPresence,
    private readonly bus: EventBus,
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly options: { sweepMs: number },
  ) {}

  /** Listens to the bus and starts the sweep (web processes only). */
  start(): void {
    if (this.timer) return;
    this.stops = [
      this.bus.subscribe((event) => this.enqueue(() => this.handle(event))),
      this.bus.onSignal((signal) => this.enqueue(() => this.handleSignal(signal))),
    ];
    this.timer = setInterval(() => this.enqueue(() => this.sweep()), this.options.sweepMs);
    this.timer.unref();
  }

  /** Closes every stream and stops listening (shutdown). */
  close(): void {
    for (const stop of this.stops) stop();
    this.stops = [];
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const stream of [...this.streams]) this.end(stream);
  }

  /** How many streams this process holds (status, benchmarks). */
  get size(): number {
    return this.streams.size;
  }

  /**
   * GET /events: lets the caller in (401 for no one; a link answers as the shared calls do), then
   * replays what came after `lastEventId` and keeps the stream open. Throws only before the answer
   * is committed.
   */
  async open(caller: LiveCaller | null, lastEventId: number | null, sink: LiveSink): Promise<void> {
    if (!caller) throw unauthorized();
    const share = 'shareHash' in caller ? this.link(await this.resolveLink(caller)) : null;
    const userId = 'userId' in caller ? caller.userId : null;
    const stream = new Stream(sink, userId, share, lastEventId);
    this.register(stream);
    sink.onClose(() => this.drop(stream));
    try {
      stream.projects = await this.accessOf(stream);
    } catch (err) {
      this.drop(stream);
      throw err;
    }
    if (!sink.connected) return this.drop(stream);
    sink.start();
    try {
      if (lastEventId !== null) await this.replay(stream, lastEventId);
      while (stream.stale && !stream.closed) {
        stream.stale = false;
        const projects = await this.accessOf(stream);
        this.applyAccess(stream, projects, stream.share);
      }
    } catch (err) {
      this.log.error({ err }, 'live stream could not open');
      this.end(stream);
      return;
    }
    if (stream.closed) return;
    this.goLive(stream);
  }

  /* ------------------------------------------------------------------ opening */

  private register(stream: Stream): void {
    this.streams.add(stream);
    this.opening.add(stream);
    if (stream.userId !== null) addTo(this.byUser, stream.userId, stream);
  }

  private async resolveLink(caller: { shareHash: string; cookies: Record<string, string | undefined> }) {
    const project = await this.sharedAccess.resolve(caller.shareHash, caller.cookies);
    const guestId = await this.guests.known(project, caller.cookies[guestCookieName(caller.shareHash)]);
    return { project, cookies: caller.cookies, guestId };
  }

  private link({
    project,
    cookies,
    guestId,
  }: {
    project: SharedProject;
    cookies: Record<string, string | undefined>;
    guestId: number | null;
  }) {
    return {
      hash: project.share_hash!,
      cookies,
      projectId: project.id,
      workspaceId: project.workspace_id,
      showComments: project.share_show_comments === 1,
      expiresAt: project.share_expires_at,
      reach: project.share_link,
      guestId,
    } satisfies SharedLink;
  }

  private async accessOf(stream: Stream): Promise<Map<number, Seen>> {
    if (stream.share) {
      const { projectId, workspaceId } = stream.share;
      return new Map([[projectId, { actor: { role: null, isWorkspaceOwner: false }, workspaceId }]]);
    }
    return seenMap(await this.uow.read.liveFacts.visibleTo(stream.userId!));
  }

  /** Writes every visible event after `afterId`, page by page; no connection is held in between. */
  private async replay(stream: Stream, afterId: number): Promise<void> {
    const ids = new Set<number>();
    let cursor = afterId;
    for (;;) {
      const events = await this.uow.read.domainEvents.ofProjectsAfter(
        cursor,
        [...stream.projects.keys()],
        REPLAY_PAGE,
      );
      if (events.length === 0 || stream.closed) break;
      const prepared = await this.prepareMany(events, {
        users: stream.userId !== null,
        shares: !!stream.share,
      });
      for (const p of prepared) {
        ids.add(p.event.id);
        this.deliver(stream, p, stream.projects.get(p.event.projectId!));
      }
      cursor = events.at(-1)!.id;
      if (events.length < REPLAY_PAGE) break;
    }
    stream.replayed = { ids, until: Date.now() + REPLAYED_MEMORY_MS };
  }

  /** Writes what arrived while opening (not replayed, not already had) and joins the project map. */
  private goLive(stream: Stream): void {
    const pending = stream.pending ?? [];
    stream.pending = null;
    this.opening.delete(stream);
    for (const projectId of stream.projects.keys()) addTo(this.byProject, projectId, stream);
    for (const p of pending) {
      if (stream.closed) return;
      if (this.alreadyHad(stream, p.event.id)) continue;
      const projectId = p.event.projectId;
      if (projectId === null) continue;
      this.deliver(stream, p, stream.projects.get(projectId));
    }
  }

  private alreadyHad(stream: Stream, eventId: number): boolean {
    if (stream.lastEventId !== null && eventId <= stream.lastEventId) return true;
    return stream.replayed?.ids.has(eventId) ?? false;
  }

  /* ------------------------------------------------------------------ live */

  private enqueue(work: () => Promise<void>): void {
    this.chain = this.chain
      .then(work)
      .catch((err: unknown) => this.log.error({ err }, 'live stream hub failed on a bus message'));
  }

  private async handle(received: BusEvent): Promise<void> {
    // An event too large for NOTIFY comes without its data: read it whole.
    const event = isTruncated(received) ? await this.uow.read.domainEvents.byId(received.id) : received;
    if (!event) return;
    const projectId = event.projectId;
    const live = isLiveType(event.type) && projectId !== null;
    const changesAccess =
      ACCESS_EVENT_TYPES.has(event.type) ||
      WORKSPACE_ACCESS_EVENT_TYPES.has(event.type) ||
      SHARE_EVENT_TYPES.has(event.type);
    const local = projectId !== null ? this.byProject.get(projectId) : undefined;
    if (!changesAccess && (!live || (!local?.size && this.opening.size === 0))) return;

    const [prepared] = live
      ? await this.prepareMany([event], {
          users: this.opening.size > 0 || hasUserStream(local),
          shares: this.opening.size > 0 || hasShareStream(local),
        })
      : [null];
    const changes = changesAccess ? await this.accessChanges(event) : new Map<Stream, Change>();

    if (prepared && projectId !== null) {
      const targets = new Set(local ?? []);
      for (const [stream, change] of changes) if (change.projects?.has(projectId)) targets.add(stream);
      for (const stream of targets) {
        if (stream.pending) continue;
        if (stream.replayed?.ids.has(event.id)) continue;
        const seen = changes.get(stream)?.projects?.get(projectId) ?? stream.projects.get(projectId);
        this.deliver(stream, prepared, seen);
      }
      for (const stream of this.opening) stream.pending?.push(prepared);
    }
    for (const [stream, change] of changes) this.applyAccess(stream, change.projects, change.share);
  }

  /** Reads, for a batch of events, what every stream's rule needs: a fixed number of queries. */
  private async prepareMany(
    events: DomainEvent[],
    needs: { users: boolean; shares: boolean },
  ): Promise<Prepared[]> {
    const liveEvents = events.filter((e) => e.projectId !== null);
    const notifications = needs.users
      ? await this.uow.read.liveFacts.notificationsOf(liveEvents.map((e) => e.id))
      : [];
    const roundEvents = needs.shares ? liveEvents.filter((e) => needsRounds(e.type)) : [];
    const commentEvents = roundEvents.filter((e) => e.type.startsWith('comment.'));
    const rounds = roundEvents.length
      ? await this.uow.read.liveFacts.rounds(
          roundEvents.map((e) => assetOf(e)).filter((id): id is number => id !== null),
          [...commentEvents.map((e) => e.subject?.id ?? 0), ...commentEvents.map(threadOf)],
        )
      : null;
    const folders = needs.shares
      ? await this.uow.read.liveFacts.assetFolders(
          liveEvents.map((e) => assetOf(e)).filter((id): id is number => id !== null),
        )
      : null;
    return liveEvents.map((event) => {
      const byUser = new Map<number, LiveNotificationRow[]>();
      for (const n of notifications) if (n.event_id === event.id) addToList(byUser, n.user_id, n);
      return {
        event,
        json: isLiveType(event.type)
          ? presentEventMessage(event as DomainEvent & { projectId: number })
          : null,
        notifications: byUser,
        rounds: rounds && needsRounds(event.type) ? roundFacts(event, rounds) : null,
        threadGuestId:
          rounds && event.type.startsWith('comment.') ? threadGuestOf(event, rounds.commentGuest) : null,
        subject: folders ? subjectOf(event, folders) : null,
      };
    });
  }

  /** Writes the event (and the caller's notifications made from it) to one stream, if it may see them. */
  private deliver(stream: Stream, prepared: Prepared, seen: Seen | undefined): void {
    if (stream.closed || !seen) return;
    const { event } = prepared;
    const messages: { event: string; data: string }[] = [];
    if (stream.share) {
      if (this.linkExpired(stream.share)) return this.revoke(stream, stream.share.projectId);
      const rounds = prepared.rounds ?? { eventRound: null, currentRound: null };
      const subject = prepared.subject ?? { kind: 'project' };
      const news = liveNewsOf({ share_link: stream.share.reach }, event.type, subject);
      if (news === 'gone' && subject.kind === 'asset')
        messages.push({
          event: 'asset.deleted',
          data: presentGoneMessage(event as DomainEvent & { projectId: number }, {
            id: subject.id,
            folderId: subject.formerFolderId ?? null,
          }),
        });
      else if (
        prepared.json &&
        news === 'told' &&
        sharedMayReceive(event.type, stream.share, rounds, prepared.threadGuestId)
      )
        messages.push({ event: event.type, data: prepared.json });
    } else {
      if (prepared.json && mayReceive(seen.actor, event.type))
        messages.push({ event: event.type, data: prepared.json });
      for (const n of prepared.notifications.get(stream.userId!) ?? [])
        messages.push({ event: 'notification.created', data: presentNotificationMessage(n) });
    }
    // The id goes on the last message of the event, so a reconnection never skips the others.
    messages.forEach((m, i) => stream.sink.write(i === messages.length - 1 ? { ...m, id: event.id } : m));
    if (stream.sink.backlog > MAX_BACKLOG_BYTES) {
      this.log.warn({ user: stream.userId }, 'live stream closed: its client does not keep up');
      this.end(stream);
    }
  }

  private async handleSignal(signal: BusSignal): Promise<void> {
    const local = this.byProject.get(signal.projectId);
    if (!local?.size || !hasUserStream(local)) return;
    const viewers = await this.presence.viewers(signal.assetId);
    const data = presentViewersMessage(signal.projectId, signal.assetId, viewers);
    for (const stream of local) {
      const seen = stream.projects.get(signal.projectId);
      if (stream.share || !seen || !can(seen.actor, 'assets.see')) continue;
      stream.sink.write({ event: 'asset.viewers_changed', data });
    }
  }

  /* ------------------------------------------------------------------ access */

  /**
   * Works out again who may see what after an event that changes it: the project's audience (one
   * query) for a project's members, each concerned user's projects for a workspace's, and the
   * link itself for a shared view. Answers the new access of the streams it concerns.
   */
  private async accessChanges(event: DomainEvent): Promise<Map<Stream, Change>> {
    const changes = new Map<Stream, Change>();
    // No stream open here: nobody's access to work out (and no queries for a process without them).
    if (this.streams.size === 0 && this.opening.size === 0) return changes;
    const projectId = event.projectId;
    if (ACCESS_EVENT_TYPES.has(event.type) && projectId !== null) {
      const audience = new Map(
        (await this.uow.read.liveFacts.audience([projectId])).map((v) => [v.userId, v]),
      );
      const concerned = new Set<Stream>();
      for (const s of this.byProject.get(projectId) ?? []) if (!s.share) concerned.add(s);
      for (const userId of audience.keys()) for (const s of this.byUser.get(userId) ?? []) concerned.add(s);
      // A stream still opening may have read its access before this change committed.
      for (const s of this.opening) if (!s.share) concerned.add(s);
      for (const stream of concerned) {
        const projects = new Map(stream.projects);
        const now = audience.get(stream.userId!);
        if (now) projects.set(projectId, { actor: actorOf(now), workspaceId: now.workspaceId });
        else projects.delete(projectId);
        this.noteChange(changes, stream, projects);
      }
    }
    if (WORKSPACE_ACCESS_EVENT_TYPES.has(event.type) && event.workspaceId !== null) {
      const users = new Set<number>(namedUsers(event));
      for (const stream of this.streams)
        if (
          stream.userId !== null &&
          [...stream.projects.values()].some((s) => s.workspaceId === event.workspaceId)
        )
          users.add(stream.userId);
      for (const stream of this.opening) if (stream.userId !== null) users.add(stream.userId);
      for (const userId of users) {
        const streams = this.byUser.get(userId);
        if (!streams?.size) continue;
        const projects = seenMap(await this.uow.read.liveFacts.visibleTo(userId));
        for (const stream of streams) this.noteChange(changes, stream, projects);
      }
    }
    if (SHARE_EVENT_TYPES.has(event.type) && projectId !== null) {
      for (const stream of this.byProject.get(projectId) ?? []) {
        if (!stream.share) continue;
        const link = await this.resolveLink({ shareHash: stream.share.hash, cookies: stream.share.cookies })
          .then((l) => this.link(l))
          .catch(() => null);
        changes.set(stream, { projects: link ? stream.projects : new Map<number, Seen>(), share: link });
      }
    }
    return changes;
  }

  private noteChange(changes: Map<Stream, Change>, stream: Stream, projects: Map<number, Seen>): void {
    if (stream.pending) stream.stale = true;
    else changes.set(stream, { projects, share: stream.share });
  }

  /** Takes a stream's new access; one that lost a project is told and closed. */
  private applyAccess(stream: Stream, projects: Map<number, Seen>, share: SharedLink | null): void {
    if (stream.closed) return;
    const lost = [...stream.projects.keys()].find((id) => !projects.has(id));
    if (lost !== undefined || (stream.share && !share)) {
      this.revoke(stream, lost ?? stream.share!.projectId);
      return;
    }
    if (!stream.pending) {
      for (const id of projects.keys()) if (!stream.projects.has(id)) addTo(this.byProject, id, stream);
    }
    stream.projects = projects;
    stream.share = share;
  }

  private revoke(stream: Stream, projectId: number): void {
    if (stream.closed) return;
    stream.sink.write({ event: 'access.revoked', data: presentAccessRevoked(projectId) });
    this.end(stream);
  }

  private linkExpired(link: SharedLink): boolean {
    return link.expiresAt !== null && new Date(link.expiresAt) <= this.clock.now();
  }

  /** Presence whose time passed; links that expired; replay memories that are no longer needed. */
  private async sweep(): Promise<void> {
    await this.presence.sweep();
    const now = Date.now();
    for (const stream of this.streams) {
      if (stream.share && this.linkExpired(stream.share)) this.revoke(stream, stream.share.projectId);
      if (stream.replayed && stream.replayed.until < now) stream.replayed = null;
    }
  }

  /* ------------------------------------------------------------------ closing */

  private end(stream: Stream): void {
    this.drop(stream);
    stream.sink.close();
  }

  private drop(stream: Stream): void {
    if (stream.closed) return;
    stream.closed = true;
    this.streams.delete(stream);
    this.opening.delete(stream);
    if (stream.userId !== null) removeFrom(this.byUser, stream.userId, stream);
    for (const projectId of stream.projects.keys()) removeFrom(this.byProject, projectId, stream);
  }
}

interface Change {
  projects: Map<number, Seen>;
  share: SharedLink | null;
}

function actorOf(v: VisibleProject): ProjectActor {
  return { role: v.role, isWorkspaceOwner: v.isWorkspaceOwner };
}

function seenMap(visible: VisibleProject[]): Map<number, Seen> {
  return new Map(visible.map((v) => [v.projectId, { actor: actorOf(v), workspaceId: v.workspaceId }]));
}

/** An event's data read field by field, whatever its type (the fields below are checked one by one). */
const dataOf = (event: DomainEvent) => event.data as Record<string, unknown>;

/** The users a workspace event names (the member who left or was removed, the owners of a transfer). */
function namedUsers(event: DomainEvent): number[] {
  const data = dataOf(event);
  const ids = [data.user_id, data.from_user_id, data.to_user_id, event.actorId];
  return ids.filter((id): id is number => typeof id === 'number');
}

/** What an event is about, as a link's reach reads it: its asset (and where it is now), its folder, or the project. */
function subjectOf(event: DomainEvent, folders: Map<number, number | null>): LiveSubject {
  const assetId = assetOf(event);
  if (assetId !== null)
    return {
      kind: 'asset',
      id: assetId,
      folderId: folders.get(assetId),
      formerFolderId: formerFolderOf(event),
    };
  if (event.subject?.type === 'Folder') return { kind: 'folder', id: event.subject.id };
  return { kind: 'project' };
}

/** The thread a comment event is in: its parent's, or its own for a thread's first comment. */
function threadOf(event: DomainEvent): number {
  const parentId = dataOf(event).parent_id;
  return typeof parentId === 'number' ? parentId : (event.subject?.id ?? 0);
}

/**
 * The guest who began the thread; for a thread gone with its first comment, the guest the deletion
 * names as that comment's author, whoever deleted it.
 */
function threadGuestOf(event: DomainEvent, threadGuests: Map<number, number | null>): number | null {
  const known = threadGuests.get(threadOf(event));
  if (known !== undefined) return known;
  const { parent_id: parentId, author_guest_id: authorGuestId } = dataOf(event);
  return parentId === null && typeof authorGuestId === 'number' ? authorGuestId : null;
}

/** The folder an asset left, as its move or deletion recorded it (undefined for other events). */
function formerFolderOf(event: DomainEvent): number | null | undefined {
  const data = dataOf(event);
  const former =
    event.type === 'asset.moved'
      ? data.from_folder_id
      : event.type === 'asset.deleted'
        ? data.folder_id
        : undefined;
  return typeof former === 'number' || former === null ? former : undefined;
}

function assetOf(event: DomainEvent): number | null {
  const assetId = dataOf(event).asset_id;
  if (typeof assetId === 'number') return assetId;
  return event.subject?.type === 'Asset' ? event.subject.id : null;
}

function roundFacts(
  event: DomainEvent,
  rounds: { currentRound: Map<number, number | null>; commentRound: Map<number, number> },
): RoundFacts {
  const assetId = assetOf(event);
  const versionId = dataOf(event).version_id;
  const recorded = typeof versionId === 'number' ? versionId : null;
  const commentRound = event.subject ? rounds.commentRound.get(event.subject.id) : undefined;
  return {
    eventRound: recorded ?? commentRound ?? null,
    currentRound: assetId !== null ? (rounds.currentRound.get(assetId) ?? null) : null,
  };
}

function hasUserStream(streams: Set<Stream> | undefined): boolean {
  for (const s of streams ?? []) if (!s.share) return true;
  return false;
}

function hasShareStream(streams: Set<Stream> | undefined): boolean {
  for (const s of streams ?? []) if (s.share) return true;
  return false;
}

function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(value);
}

function addToList<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function removeFrom<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) map.delete(key);
}
