// The server's API: JSON in and out; a refusal (422, 413, 503, ...) is thrown with its reason.

export class ApiError extends Error {
  constructor(status, detail) {
    super(typeof detail === "string" ? detail : JSON.stringify(detail));
    this.status = status;
  }
}

async function send(method, url, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(url, init);
  const data = await response.json().catch(() => ({ detail: response.statusText }));
  if (!response.ok) {
    const detail = Array.isArray(data.detail)
      ? data.detail.map((e) => `${(e.loc || []).join(".")}: ${e.msg}`).join("; ")
      : data.detail;
    throw new ApiError(response.status, detail);
  }
  return data;
}

export const get = (url) => send("GET", url);
export const post = (url, body) => send("POST", url, body);
export const del = (url) => send("DELETE", url);

// Follow a job's server-sent events: onEvent(name, data) for each; resolves with the last one.
export function follow(jobId, onEvent) {
  return new Promise((resolve) => {
    const source = new EventSource(`/api/jobs/${jobId}/events`);
    const names = ["queued", "solving", "progress", "checking", "warning", "done", "cancelled", "failed"];
    for (const name of names) {
      source.addEventListener(name, (message) => {
        const data = JSON.parse(message.data);
        onEvent(name, data);
        if (name === "done" || name === "cancelled" || name === "failed") {
          source.close();
          resolve({ name, data });
        }
      });
    }
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED) resolve({ name: "failed", data: { reason: "connection lost" } });
    };
  });
}
