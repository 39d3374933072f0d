import { deleteMeetingContract } from "@tasuki/contract/meeting/meeting.contracts";
import { callApi } from "../../../lib/api-client.ts";

export const deleteMeeting = (id: string) => callApi(deleteMeetingContract, { params: { id } });
