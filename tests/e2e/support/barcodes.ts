import fs from 'node:fs';
import bwipjs from 'bwip-js/node';
import sharp from 'sharp';

/**
 * Barcode pictures for the scanner's journeys, drawn by bwip-js (an independent barcode writer):
 * a PNG photo of an EAN-13 as a phone would take it (the bars with their digits on white, with
 * a margin), and the same as a Y4M video file, which Chromium's fake camera
 * (`--use-file-for-fake-video-capture`) plays in a loop.
 */

/** A PNG of the EAN-13 `ean` (13 digits) with its human-readable digits. */
export async function barcodePng(ean: string): Promise<Buffer> {
  const bars = await bwipjs.toBuffer({
    bcid: 'ean13',
    text: ean,
    scale: 3,
    height: 22,
    includetext: true,
    backgroundcolor: 'FFFFFF',
  });
  // Opaque, as a photo is (bwip-js draws the bars on a transparent background).
  return sharp(bars)
    .flatten({ background: '#ffffff' })
    .extend({ top: 40, bottom: 40, left: 60, right: 60, background: '#ffffff' })
    .png()
    .toBuffer();
}

/**
 * Writes a Y4M video (YUV 4:2:0, 640x480, 10 frames a second, `frames` identical frames) of the
 * barcode centred on white to `file`, for Chromium's fake camera.
 */
export async function barcodeY4m(ean: string, file: string, frames = 10): Promise<void> {
  const width = 640;
  const height = 480;
  const png = await barcodePng(ean);
  const luma = await sharp(png)
    .resize({ width: width - 80, height: height - 80, fit: 'inside' })
    .extend({ top: 40, bottom: 40, left: 40, right: 40, background: '#ffffff' })
    .resize({ width, height, fit: 'contain', background: '#ffffff' })
    .flatten({ background: '#ffffff' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  // One grey channel is the Y plane; the chroma planes are neutral (128).
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma.subarray(0, width * height), chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  fs.writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
