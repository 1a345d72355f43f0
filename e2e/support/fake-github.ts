// A stand-in for api.github.com on loopback: the server's About news (--project-info-url) reads it, and a test
// counts what was asked.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeGithub {
  url: string;
  /** The paths asked, in order. */
  asked: string[];
}

export async function startFakeGithub(stars: number, tag: string): Promise<FakeGithub> {
  const fake: FakeGithub = { url: "", asked: [] };
  const server = createServer((request, response) => {
    fake.asked.push(request.url ?? "");
    const body =
      request.url === "/repos/usememos/memos"
        ? { stargazers_count: stars }
        : { tag_name: tag, html_url: `https://github.com/usememos/memos/releases/tag/${tag}` };
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  // The test process ends with the run; the server must not keep it alive.
  server.unref();
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
