import { restoreMeetingContract } from "@tasuki/contract/meeting/meeting.contracts";
import { callApi } from "../../../lib/api-client.ts";

export const restoreMeeting = (id: string) => callApi(restoreMeetingContract, { params: { id } });
