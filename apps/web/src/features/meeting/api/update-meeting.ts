import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { updateMeetingContract } from "@tasuki/contract/meeting/meeting.contracts";
import { callApi } from "../../../lib/api-client.ts";

export type MeetingPatchBody = ContractBody<typeof updateMeetingContract>;

export const updateMeeting = (id: string, body: MeetingPatchBody) =>
  callApi(updateMeetingContract, { params: { id }, body });
