import type { WorkOrderDetail, WorkOrderPage, WorkOrderSummary } from '@nimbus/contract';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/database';
import { pageOf } from '../../platform/db/paging';
import { notFound } from '../../platform/http/app-error';
import { checkImage, type UploadedImage } from './image-check';
import { imageStore } from './image-store';
import { workOrderRepository, type WorkOrderFilter } from './work-order.repository';

export type WorkOrderRow = NonNullable<Awaited<ReturnType<ReturnType<typeof workOrderRepository>['byId']>>>;

export type WorkOrderContext = Pick<AppContext, 'db' | 'audit' | 'config'>;

export interface PostInput {
  content: string;
  images: readonly UploadedImage[];
}

export const orderNotFound = () => notFound('workOrder.notFound');

function toSummary(row: WorkOrderRow): WorkOrderSummary {
  return {
    id: row.id,
    number: row.number,
    category: row.category,
    title: row.title,
    status: row.status,
    siteDomain: row.siteDomain,
    username: row.username,
    assignee: row.assignee,
    lastReplyBy: row.lastReplyBy,
    createtime: row.createdAt.toISOString(),
    updatetime: row.updatedAt.toISOString(),
  };
}

/** What both sides' actions share: reading work orders and writing posts with images. */
export function workOrderCore(ctx: WorkOrderContext) {
  const { db } = ctx;
  const repo = workOrderRepository(db);
  const store = imageStore(ctx.config.dataDir);

  async function detail(id: number, customerId?: number): Promise<WorkOrderDetail> {
    const row = await repo.byId(id, customerId);
    if (!row) throw orderNotFound();
    const [posts, images] = await Promise.all([repo.posts(id), repo.images(id)]);
    return {
      ...toSummary(row),
      contact: row.contact,
      siteId: row.siteId,
      assigneeId: row.assigneeId,
      rating: row.rating,
      resolved: row.resolved,
      feedback: row.feedback,
      posts: posts.map((post) => ({
        id: post.id,
        kind: post.kind,
        author: post.author,
        authorName: post.authorName ?? '—',
        content: post.content,
        createtime: post.createdAt.toISOString(),
        images: images
          .filter((image) => image.postId === post.id)
          .map(({ id, name, contentType, size }) => ({ id, name, contentType, size })),
      })),
    };
  }

  /**
   * Writes the images, runs `write` with a function that records them on a post, and removes
   * the files again when the transaction fails.
   */
  async function withImages<T>(
    uploads: readonly UploadedImage[],
    write: (tx: DbOrTx, attach: (workOrderId: number, postId: number) => Promise<void>) => Promise<T>,
  ): Promise<T> {
    // One after another: each SVG takes a drawing process of its own (svg-raster.ts).
    const checked = [];
    for (const upload of uploads) checked.push(await checkImage(upload));
    const stored: { key: string; image: (typeof checked)[number] }[] = [];
    try {
      for (const image of checked) stored.push({ key: await store.put(image.bytes), image });
      return await db.transaction((tx) =>
        write(tx, (workOrderId, postId) =>
          workOrderRepository(tx).insertImages(
            stored.map(({ key, image }) => ({
              workOrderId,
              postId,
              name: image.name.slice(0, 200),
              contentType: image.contentType,
              size: image.bytes.length,
              storageKey: key,
            })),
          ),
        ),
      );
    } catch (error) {
      await store.remove(stored.map((s) => s.key));
      throw error;
    }
  }

  async function page(
    filter: WorkOrderFilter,
    request: { page: number; limit: number; order: 'asc' | 'desc' },
  ): Promise<WorkOrderPage> {
    const { rows, total, counts } = await repo.page(filter, request);
    return {
      ...pageOf(rows.map(toSummary), total, request),
      statusCounts: Object.fromEntries(counts.map((c) => [String(c.status), c.n])),
    };
  }

  /** The image's bytes, if the caller may see it: its customer, or any admin. */
  async function image(id: number, customerId?: number) {
    const row = await repo.image(id, customerId);
    if (!row) throw notFound();
    return { contentType: row.contentType, bytes: await store.read(row.storageKey) };
  }

  return { detail, withImages, page, image };
}

export type WorkOrderCore = ReturnType<typeof workOrderCore>;
