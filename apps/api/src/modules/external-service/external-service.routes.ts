import { deleteExternalServiceContract } from "@tasuki/contract/external-service/delete-external-service.contract";
import { deleteMyExternalLinkageContract } from "@tasuki/contract/external-service/delete-my-external-linkage.contract";
import { externalServiceCallbackContract } from "@tasuki/contract/external-service/external-service-callback.contract";
import { listExternalServiceChannelsContract } from "@tasuki/contract/external-service/external-service-channels.contract";
import { putExternalServiceRouteContract } from "@tasuki/contract/external-service/external-service-route.contract";
import { getExternalServiceContract } from "@tasuki/contract/external-service/get-external-service.contract";
import { listExternalServicesContract } from "@tasuki/contract/external-service/list-external-services.contract";
import { listMyExternalLinkagesContract } from "@tasuki/contract/external-service/list-my-external-linkages.contract";
import { newExternalServiceContract } from "@tasuki/contract/external-service/new-external-service.contract";
import { newMyExternalLinkageContract } from "@tasuki/contract/external-service/new-my-external-linkage.contract";
import { patchMyExternalLinkageContract } from "@tasuki/contract/external-service/patch-my-external-linkage.contract";
import { testMyExternalLinkageContract } from "@tasuki/contract/external-service/test-my-external-linkage.contract";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context/app-context.ts";
import { route } from "../../http/route.ts";
import {
  completeOAuth,
  deleteExternalService,
  getExternalService,
  listExternalServiceChannels,
  listExternalServices,
  newExternalService,
  putExternalServiceRoute,
} from "./external-service.service.ts";
import {
  deleteMyExternalLinkage,
  listMyExternalLinkages,
  newMyExternalLinkage,
  patchMyExternalLinkage,
  testMyExternalLinkage,
} from "./my-external-linkage.service.ts";

export function registerExternalServiceRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, listExternalServicesContract, ({ auth, query }) =>
    listExternalServices(ctx, auth, query.workspace_id),
  );
  route(app, ctx, newExternalServiceContract, ({ auth, body }) => newExternalService(ctx, auth, body));
  route(app, ctx, externalServiceCallbackContract, ({ auth, body }) => completeOAuth(ctx, auth, body));
  route(app, ctx, getExternalServiceContract, ({ auth, params }) => getExternalService(ctx, auth, params.id));
  route(app, ctx, deleteExternalServiceContract, ({ auth, params }) => deleteExternalService(ctx, auth, params.id));
  route(app, ctx, listExternalServiceChannelsContract, ({ auth, params }) =>
    listExternalServiceChannels(ctx, auth, params.id),
  );
  route(app, ctx, putExternalServiceRouteContract, ({ auth, params, body }) =>
    putExternalServiceRoute(ctx, auth, params.id, body),
  );
  route(app, ctx, listMyExternalLinkagesContract, ({ auth, query }) =>
    listMyExternalLinkages(ctx, auth, query.workspace_id),
  );
  route(app, ctx, newMyExternalLinkageContract, ({ auth, body }) => newMyExternalLinkage(ctx, auth, body));
  route(app, ctx, patchMyExternalLinkageContract, ({ auth, params, body }) =>
    patchMyExternalLinkage(ctx, auth, params.service, body),
  );
  route(app, ctx, deleteMyExternalLinkageContract, ({ auth, params, query }) =>
    deleteMyExternalLinkage(ctx, auth, params.service, query.workspace_id),
  );
  route(app, ctx, testMyExternalLinkageContract, ({ auth, params, body }) =>
    testMyExternalLinkage(ctx, auth, params.service, body.workspace_id),
  );
}
