// A game without a page of its own: the server's SVG pictures of the instance and the certificate.
export function summary(answer) {
  return Object.entries(answer).filter(([k, v]) =>
    !["status", "certificate", "engine", "seconds", "verdict", "verdict_detail", "error", "check_seconds",
      "content_hash", "stats"].includes(k) && (typeof v !== "object" || v === null));
}
