import { describe, expect, it } from "vitest";
import { decodeQR } from "qr/decode.js";
import { qrSvgPath } from "./qr";

describe("qrSvgPath", () => {
  it("draws a square code with a quiet zone whose modules decode back to the text", () => {
    const uri =
      "otpauth://totp/Giftly:owner%40shop.example?issuer=Giftly&secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&algorithm=SHA1&digits=6&period=30";
    const { size, path } = qrSvgPath(uri);
    expect(size).toBeGreaterThan(21 + 8);
    expect(path).toMatch(/^(M\d+ \d+h1v1h-1z)+$/);
    // Rasterise the path (8 px per module) and read it back with the library's decoder.
    const scale = 8;
    const px = size * scale;
    const data = new Uint8Array(px * px * 3).fill(255);
    for (const m of path.matchAll(/M(\d+) (\d+)/g)) {
      const [x, y] = [Number(m[1]), Number(m[2])];
      for (let dy = 0; dy < scale; dy++)
        for (let dx = 0; dx < scale; dx++)
          data.fill(0, ((y * scale + dy) * px + x * scale + dx) * 3, ((y * scale + dy) * px + x * scale + dx) * 3 + 3);
    }
    expect(decodeQR({ height: px, width: px, data })).toBe(uri);
  });
});
