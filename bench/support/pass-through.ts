/**
 * The least a Node service between browser and catalogue service can do: an
 * HTTP server that pipes each request to the service (node:http, kept-alive
 * connections) and the answer back, nothing else. bench:catalogue measures
 * it beside the portal, for scale: what one more Node hop costs on this
 * machine. Run: node bench/support/pass-through.ts <service origin> <port>.
 */
import http from "node:http";

const [origin, port] = process.argv.slice(2);
const service = new URL(origin!);
const agent = new http.Agent({ keepAlive: true });

http
  .createServer((request, response) => {
    const outgoing = http.request(
      { host: service.hostname, port: service.port, path: request.url, method: request.method, headers: request.headers, agent },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    outgoing.on("error", () => response.destroy());
    request.pipe(outgoing);
  })
  .listen(Number(port), "127.0.0.1");
