import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { newMeetingContract } from "@tasuki/contract/meeting/meeting.contracts";
import { callApi } from "../../../lib/api-client.ts";

export type NewMeetingBody = ContractBody<typeof newMeetingContract>;

export const createMeeting = (body: NewMeetingBody) => callApi(newMeetingContract, { body });
