import { shareMeetingMinutesContract } from "@tasuki/contract/meeting/meeting-calendar.contracts";
import { callApi } from "../../../lib/api-client.ts";

/** 議事録を共有: mails the minutes to the participants. */
export const shareMinutes = (id: string) => callApi(shareMeetingMinutesContract, { params: { id } });
