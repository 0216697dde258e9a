import { describe, expect, it } from "vitest";
import { classifyEnvironment } from "#app/lib/shell/environment.ts";

describe("classifyEnvironment", () => {
  it.each([
    // local machines
    ["http://localhost:4000", "dev"],
    ["localhost:4000", "dev"],
    ["http://127.0.0.1:4000/api", "dev"],
    ["http://127.12.0.3", "dev"],
    ["http://[::1]:4000", "dev"],
    ["http://0.0.0.0:4000", "dev"],
    ["http://sandbox.local:4000", "dev"],
    ["http://portal.localhost", "dev"],
    // dev words as whole host words
    ["https://api.dev.example.com", "dev"],
    ["https://api-dev.example.com", "dev"],
    ["https://dev2.example.com", "dev"],
    ["https://seller-test.example.com", "dev"],
    ["https://sandbox.marketplace.example", "dev"],
    ["https://api.portal.test", "dev"],
    ["https://QA-SANDBOX.example.com", "dev"],
    // preprod words
    ["https://api.preprod.example.com", "preprod"],
    ["https://api-pre-prod.example.com", "preprod"],
    ["https://staging.example.com", "preprod"],
    ["https://seller-stage.example.com", "preprod"],
    ["https://qa3.example.com", "preprod"],
    ["https://uat.api.example.com", "preprod"],
    // words hidden inside other words do not count
    ["https://devices.com", "prod"],
    ["https://api.contest.example", "prod"],
    ["https://stagecoach.de/api", "prod"],
    ["https://aqua.example.com", "prod"],
    ["https://latest.example.com", "prod"],
    ["https://api.example.com/dev/test", "prod"],
    ["https://api.marketplace.example.com", "prod"],
    ["https://10.0.0.12", "prod"],
    // unreadable: the loudest class
    ["", "prod"],
    ["http://", "prod"],
  ] as const)("%s is %s", (url, expected) => {
    expect(classifyEnvironment(url)).toBe(expected);
  });
});
