import type {
  AdminMessage,
  AdminMessageListRequest,
  AnnouncementPublishRequest,
  Message,
  MessagePage,
  MessageReadRequest,
  Page,
} from '@nimbus/contract';
import type { Actor } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/app-error';
import type { Caller } from '../../platform/http/caller';
import { messageRepository, type AdminMessageRow, type CustomerMessageRow } from './message.repository';
import { pageOf } from '../../platform/db/paging';

type Paging = { page: number; limit: number; order: 'asc' | 'desc' };
type CustomerList = Paging & { sidx: 'id' | 'createtime' };
type AdminList = Paging & Pick<AdminMessageListRequest, 'title'>;

function toMessage(row: CustomerMessageRow): Message {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    createtime: row.createdAt.toISOString(),
    type: row.type,
    status: row.status,
    readStatus: row.readAt ? 1 : 0,
  };
}

function toAdminMessage(row: AdminMessageRow): AdminMessage {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    createtime: row.createdAt.toISOString(),
    type: row.type,
    status: row.status,
    readCount: row.readCount,
  };
}

const unique = (ids: readonly number[]) => [...new Set(ids)];

/** Customer messages and admin announcements; every admin write is audited in its transaction. */
export function messageService(ctx: Pick<AppContext, 'db' | 'audit'>) {
  const db = ctx.db;
  const repo = messageRepository(db);

  return {
    async listForCustomer(customerId: number, request: CustomerList): Promise<MessagePage> {
      const { rows, total, unread } = await repo.listForCustomer(customerId, request);
      return { ...pageOf(rows.map(toMessage), total, request), unreadCount: unread };
    },

    /** Opening a message marks it read; another customer's message is simply not found. */
    async infoForCustomer(customerId: number, id: number): Promise<Message> {
      return db.transaction(async (tx) => {
        const txRepo = messageRepository(tx);
        const [row] = await txRepo.visibleByIds(customerId, [id]);
        if (!row) throw notFound();
        await txRepo.markRead(customerId, [id]);
        return toMessage({ ...row, readAt: row.readAt ?? new Date() });
      });
    },

    /** All or nothing: one id the customer cannot see answers 404 and nothing changes. */
    async deleteForCustomer(customerId: number, ids: readonly number[]): Promise<number> {
      const wanted = unique(ids);
      return db.transaction(async (tx) => {
        const txRepo = messageRepository(tx);
        const rows = await txRepo.visibleByIds(customerId, wanted);
        if (rows.length !== wanted.length) throw notFound();
        const own = rows.filter((r) => r.customerId === customerId).map((r) => r.id);
        const shared = rows.filter((r) => r.customerId === null).map((r) => r.id);
        await txRepo.deleteOwnLetters(customerId, own);
        await txRepo.hideForCustomer(customerId, shared);
        return rows.length;
      });
    },

    async markRead(customerId: number, request: MessageReadRequest): Promise<number> {
      await db.transaction(async (tx) => {
        const txRepo = messageRepository(tx);
        if (request.all) {
          await txRepo.markRead(customerId, await txRepo.unreadVisibleIds(customerId));
          return;
        }
        const wanted = unique(request.ids ?? []);
        const rows = await txRepo.visibleByIds(customerId, wanted);
        if (rows.length !== wanted.length) throw notFound();
        await txRepo.markRead(customerId, wanted);
      });
      return repo.unreadCount(customerId);
    },

    unreadCount: (customerId: number) => repo.unreadCount(customerId),

    async publish(admin: Actor, request: AnnouncementPublishRequest, caller: Caller): Promise<AdminMessage> {
      return db.transaction(async (tx) => {
        const row = await messageRepository(tx).insertAnnouncement({ ...request, adminId: admin.id });
        await ctx.audit.record(
          admin,
          caller.ip,
          { action: 'message.publish', target: String(row.id), detail: { title: row.title } },
          tx,
        );
        return toAdminMessage(row);
      });
    },

    async listAnnouncements(request: AdminList): Promise<Page<AdminMessage>> {
      const { rows, total } = await repo.listAnnouncements(request);
      return pageOf(rows.map(toAdminMessage), total, request);
    },

    /** Only announcements are managed here; any other id answers 404 and nothing is deleted. */
    async deleteAnnouncements(ids: readonly number[], admin: Actor, caller: Caller): Promise<number> {
      const wanted = unique(ids);
      return db.transaction(async (tx) => {
        const txRepo = messageRepository(tx);
        const found = await txRepo.announcementIds(wanted);
        if (found.length !== wanted.length) throw notFound();
        const deleted = await txRepo.deleteByIds(wanted);
        await ctx.audit.record(
          admin,
          caller.ip,
          { action: 'message.delete', target: wanted.join(','), detail: { ids: wanted } },
          tx,
        );
        return deleted;
      });
    },
  };
}
