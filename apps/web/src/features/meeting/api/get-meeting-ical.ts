import { cutText } from "@tasuki/contract/common/cut-text";
import { buildPath } from "@tasuki/contract/common/define-contract";
import { meetingIcalContract } from "@tasuki/contract/meeting/meeting-calendar.contracts";
import { fetchApiFile, saveBlob } from "../../../lib/api-blob.ts";

/** The meeting's invitation as an .ics file, saved under the meeting's name. */
export async function downloadMeetingIcs(id: string, name: string): Promise<void> {
  const file = await fetchApiFile(buildPath(meetingIcalContract.path, { id }));
  saveBlob(file.blob, `${cutText(name.replace(/[\\/:*?"<>|]/g, "_"), 60) || "meeting"}.ics`);
}
