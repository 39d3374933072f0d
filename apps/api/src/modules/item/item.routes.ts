import { duplicatePrimaryItemContract } from "@tasuki/contract/primary-item/duplicate-primary-item.contract";
import {
  deletePrimaryItemContract,
  deletePrimaryItemsContract,
  getPrimaryItemContract,
  listPrimaryItemsContract,
  newPrimaryItemContract,
  primaryItemIdNamesContract,
  putPrimaryItemPositionContract,
  restorePrimaryItemContract,
  restorePrimaryItemsContract,
  updatePrimaryItemContract,
} from "@tasuki/contract/primary-item/primary-item.contracts";
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
import type { AppContext } from "../../context/app-context.ts";
import { route } from "../../http/route.ts";
import {
  createItem,
  deleteItems,
  duplicateItem,
  getItem,
  listItemIdNames,
  listItems,
  moveItem,
  restoreItems,
  updateItem,
} from "./item.service.ts";

/** /app/primary-item/* (大項目) */
export function registerPrimaryItemRoutes(app: FastifyInstance, ctx: AppContext): void {
  const level = "primary";
  route(app, ctx, listPrimaryItemsContract, ({ auth, query }) => listItems(ctx, auth, level, query));
  route(app, ctx, deletePrimaryItemsContract, ({ auth, body }) => deleteItems(ctx, auth, level, body.ids));
  route(app, ctx, restorePrimaryItemsContract, ({ auth, body }) => restoreItems(ctx, auth, level, body.ids));
  route(app, ctx, primaryItemIdNamesContract, ({ auth, query }) => listItemIdNames(ctx, auth, level, query));
  route(app, ctx, newPrimaryItemContract, ({ auth, body }) => createItem(ctx, auth, level, body));
  route(app, ctx, getPrimaryItemContract, ({ auth, params }) => getItem(ctx, auth, level, params.id));
  route(app, ctx, updatePrimaryItemContract, ({ auth, params, body }) => updateItem(ctx, auth, level, params.id, body));
  route(app, ctx, deletePrimaryItemContract, ({ auth, params }) => deleteItems(ctx, auth, level, [params.id]));
  route(app, ctx, duplicatePrimaryItemContract, ({ auth, params }) => duplicateItem(ctx, auth, level, params.id));
  route(app, ctx, putPrimaryItemPositionContract, ({ auth, params, body }) =>
    moveItem(ctx, auth, level, params.id, body),
  );
  route(app, ctx, restorePrimaryItemContract, async ({ auth, params }) => {
    const { items } = await restoreItems(ctx, auth, level, [params.id]);
    return items[0]!;
  });
}

/** /app/secondary-item/* (中項目): the same service, one level down. */
export function registerSecondaryItemRoutes(app: FastifyInstance, ctx: AppContext): void {
  const level = "secondary";
  route(app, ctx, listSecondaryItemsContract, ({ auth, query }) => listItems(ctx, auth, level, query));
  route(app, ctx, deleteSecondaryItemsContract, ({ auth, body }) => deleteItems(ctx, auth, level, body.ids));
  route(app, ctx, restoreSecondaryItemsContract, ({ auth, body }) => restoreItems(ctx, auth, level, body.ids));
  route(app, ctx, secondaryItemIdNamesContract, ({ auth, query }) => listItemIdNames(ctx, auth, level, query));
  route(app, ctx, newSecondaryItemContract, ({ auth, body }) => createItem(ctx, auth, level, body));
  route(app, ctx, getSecondaryItemContract, ({ auth, params }) => getItem(ctx, auth, level, params.id));
  route(app, ctx, updateSecondaryItemContract, ({ auth, params, body }) =>
    updateItem(ctx, auth, level, params.id, body),
  );
  route(app, ctx, deleteSecondaryItemContract, ({ auth, params }) => deleteItems(ctx, auth, level, [params.id]));
  route(app, ctx, duplicateSecondaryItemContract, ({ auth, params }) => duplicateItem(ctx, auth, level, params.id));
  route(app, ctx, putSecondaryItemPositionContract, ({ auth, params, body }) =>
    moveItem(ctx, auth, level, params.id, body),
  );
  route(app, ctx, restoreSecondaryItemContract, async ({ auth, params }) => {
    const { items } = await restoreItems(ctx, auth, level, [params.id]);
    return items[0]!;
  });
}
