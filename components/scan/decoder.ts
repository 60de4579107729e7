/**
 * Reads EAN-13 and UPC-A barcodes from a camera frame or a photo: the browser's own
 * BarcodeDetector where it has one for these formats (Chrome on Android, Safari), else the
 * `barcode-detector` ponyfill (ZXing C++ compiled to WebAssembly). The ponyfill's code and its
 * .wasm file are loaded only when a scan needs them (a chunk and a file of the app's own build
 * output, not a CDN), so no page's first load grows.
 */
import { canonicalEan } from '@/lib/barcode-digits';

/** The barcode formats of releases: EAN-13 in Europe, UPC-A in North America. */
const FORMATS = ['ean_13', 'upc_a'] as const;

/** What a detector reads from (a video element, an image bitmap, a canvas…). */
type Source = ImageBitmapSource;

/** The part of the Barcode Detection API the scanner uses. */
type DetectorApi = { detect(source: Source): Promise<{ rawValue: string; format: string }[]> };
type DetectorClass = {
  new (options: { formats: string[] }): DetectorApi;
  getSupportedFormats(): Promise<readonly string[]>;
};

/** A loaded reader: which one it is (`native` or the `zxing` ponyfill) and its detect. */
export type BarcodeReader = {
  kind: 'native' | 'zxing';
  /** The canonical EAN-13 of the first EAN-13 / UPC-A barcode with a valid check digit in the source, or null. */
  read(source: Source): Promise<string | null>;
};

/** The .wasm of ZXing's reader, emitted into the app's own build output. */
const WASM_URL = new URL('zxing-wasm/reader/zxing_reader.wasm', import.meta.url).href;

let loading: Promise<BarcodeReader> | null = null;

function readerOf(kind: BarcodeReader['kind'], detector: DetectorApi): BarcodeReader {
  return {
    kind,
    async read(source) {
      const found = await detector.detect(source);
      for (const barcode of found) {
        const ean = canonicalEan(barcode.rawValue);
        if (ean) return ean;
      }
      return null;
    },
  };
}

async function load(): Promise<BarcodeReader> {
  const native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (native) {
    try {
      const supported = await native.getSupportedFormats();
      const formats = FORMATS.filter((f) => supported.includes(f));
      if (formats.length) return readerOf('native', new native({ formats }));
    } catch {
      // A detector that cannot list its formats is treated as absent.
    }
  }
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? WASM_URL : prefix + path) },
    fireImmediately: true,
  });
  return readerOf('zxing', new BarcodeDetector({ formats: [...FORMATS] }));
}

/**
 * The barcode reader, loaded once per page (the ponyfill's chunk and .wasm on first use where the
 * browser has no detector of its own).
 * @throws the loading error (no network for the chunk, no WebAssembly); a later call tries again
 */
export function loadBarcodeReader(): Promise<BarcodeReader> {
  if (!loading) {
    loading = load();
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}
