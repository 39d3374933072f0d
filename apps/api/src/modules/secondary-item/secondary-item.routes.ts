import { duplicateSecondaryItemContract } from "@tasuki/contract/secondary-item/duplicate-secondary-item.contract";
import {
  deleteSecondaryItemContract,
  deleteSecondaryItemsContract,
  getSecondaryItemContract,
  listSecondaryItemsContract,
  newSecondaryItemContract,
  putSecondaryItemPositionContract,
  restoreSecondaryItemContract,
  restoreSecondaryItemsContract,
  secondaryItemIdNamesContract,
  updateSecondaryItemContract,
} from "@tasuki/contract/secondary-item/secondary-item.contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../app-context.ts";
import { route } from "../../lib/route.ts";
import {
  createSecondaryItem,
  deleteSecondaryItems,
  duplicateSecondaryItem,
  getSecondaryItem,
  listSecondaryItemIdNames,
  listSecondaryItems,
  moveSecondaryItem,
  restoreSecondaryItems,
  updateSecondaryItem,
} from "./secondary-item.service.ts";

export function registerSecondaryItemRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, listSecondaryItemsContract, ({ auth, query }) => listSecondaryItems(ctx, auth, query));
  route(app, ctx, deleteSecondaryItemsContract, ({ auth, body }) => deleteSecondaryItems(ctx, auth, body.ids));
  route(app, ctx, restoreSecondaryItemsContract, ({ auth, body }) => restoreSecondaryItems(ctx, auth, body.ids));
  route(app, ctx, secondaryItemIdNamesContract, ({ auth, query }) => listSecondaryItemIdNames(ctx, auth, query));
  route(app, ctx, newSecondaryItemContract, ({ auth, body }) => createSecondaryItem(ctx, auth, body));
  route(app, ctx, getSecondaryItemContract, ({ auth, params }) => getSecondaryItem(ctx, auth, params.id));
  route(app, ctx, updateSecondaryItemContract, ({ auth, params, body }) =>
    updateSecondaryItem(ctx, auth, params.id, body),
  );
  route(app, ctx, deleteSecondaryItemContract, ({ auth, params }) => deleteSecondaryItems(ctx, auth, [params.id]));
  route(app, ctx, duplicateSecondaryItemContract, ({ auth, params }) => duplicateSecondaryItem(ctx, auth, params.id));
  route(app, ctx, putSecondaryItemPositionContract, ({ auth, params, body }) =>
    moveSecondaryItem(ctx, auth, params.id, body),
  );
  route(app, ctx, restoreSecondaryItemContract, async ({ auth, params }) => {
    const { items } = await restoreSecondaryItems(ctx, auth, [params.id]);
    return items[0]!;
  });
}
