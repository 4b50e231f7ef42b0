// The enrolment QR code, computed on the server (qr: a small, dependency-free encoder) and
// drawn as one SVG path, so the page needs no image request and no inline script.
import encodeQR from "qr";

export type QrPath = { size: number; path: string };

/** The QR modules of `text` as an SVG path in a size × size box (a 4-module quiet zone included). */
export function qrSvgPath(text: string): QrPath {
  const grid = encodeQR(text, "raw", { ecc: "medium", border: 4 });
  const parts: string[] = [];
  grid.forEach((row, y) => row.forEach((dark, x) => dark && parts.push(`M${x} ${y}h1v1h-1z`)));
  return { size: grid.length, path: parts.join("") };
}
