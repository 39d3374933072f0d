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
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../app-context.ts";
import { route } from "../../lib/route.ts";
import {
  createPrimaryItem,
  deletePrimaryItems,
  duplicatePrimaryItem,
  getPrimaryItem,
  listPrimaryItemIdNames,
  listPrimaryItems,
  movePrimaryItem,
  restorePrimaryItems,
  updatePrimaryItem,
} from "./primary-item.service.ts";

export function registerPrimaryItemRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, listPrimaryItemsContract, ({ auth, query }) => listPrimaryItems(ctx, auth, query));
  route(app, ctx, deletePrimaryItemsContract, ({ auth, body }) => deletePrimaryItems(ctx, auth, body.ids));
  route(app, ctx, restorePrimaryItemsContract, ({ auth, body }) => restorePrimaryItems(ctx, auth, body.ids));
  route(app, ctx, primaryItemIdNamesContract, ({ auth, query }) => listPrimaryItemIdNames(ctx, auth, query));
  route(app, ctx, newPrimaryItemContract, ({ auth, body }) => createPrimaryItem(ctx, auth, body));
  route(app, ctx, getPrimaryItemContract, ({ auth, params }) => getPrimaryItem(ctx, auth, params.id));
  route(app, ctx, updatePrimaryItemContract, ({ auth, params, body }) => updatePrimaryItem(ctx, auth, params.id, body));
  route(app, ctx, deletePrimaryItemContract, ({ auth, params }) => deletePrimaryItems(ctx, auth, [params.id]));
  route(app, ctx, duplicatePrimaryItemContract, ({ auth, params }) => duplicatePrimaryItem(ctx, auth, params.id));
  route(app, ctx, putPrimaryItemPositionContract, ({ auth, params, body }) =>
    movePrimaryItem(ctx, auth, params.id, body),
  );
  route(app, ctx, restorePrimaryItemContract, async ({ auth, params }) => {
    const { items } = await restorePrimaryItems(ctx, auth, [params.id]);
    return items[0]!;
  });
}
