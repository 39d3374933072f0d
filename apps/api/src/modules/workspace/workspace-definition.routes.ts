import { putGroupTypesContract } from "@tasuki/contract/workspace/put-group-types.contract";
import {
  putOfficialPositionContract,
  putOfficialPositionsContract,
} from "@tasuki/contract/workspace/put-official-positions.contract";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context/app-context.ts";
import { route } from "../../http/route.ts";
import { replaceGroupTypes, replaceOfficialPositions, saveOfficialPosition } from "./workspace-definition.service.ts";

/** The organisation definitions: layers (階層) and official positions (役職). Base names go through PATCH /app/workspace/{id}. */
export function registerWorkspaceDefinitionRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, putGroupTypesContract, ({ auth, params, body }) =>
    replaceGroupTypes(ctx, auth, params.id, body.items),
  );
  route(app, ctx, putOfficialPositionsContract, ({ auth, params, body }) =>
    replaceOfficialPositions(ctx, auth, params.id, body.items),
  );
  route(app, ctx, putOfficialPositionContract, ({ auth, params, body }) =>
    saveOfficialPosition(ctx, auth, params.id, body),
  );
}
