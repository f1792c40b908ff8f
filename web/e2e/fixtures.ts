import { crc32, deflateSync } from 'node:zlib'

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A real PNG picture of the given size (a simple colour gradient). */
export function png(width: number, height: number): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // truecolour
  const rows: Buffer[] = []
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3)
    for (let x = 0; x < width; x++) {
      row[1 + x * 3] = (x * 255) / width
      row[2 + x * 3] = (y * 255) / height
      row[3 + x * 3] = 160
    }
    rows.push(row)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/**
 * A phone's photo: `jpeg` (a 64 x 32 JPEG, red on the left, blue on the right) with an
 * EXIF block put in after its start marker that says it was taken turned (Orientation 6:
 * turn 90° clockwise), the phone's make, and a GPS position in a GPS IFD of its own, as a
 * camera writes them (the same layout as `phone_photo` in tests/api/helpers.rs).
 */
export function phonePhoto(jpeg: Buffer): Buffer {
  const tiff = Buffer.alloc(110)
  tiff.write('MM', 0, 'ascii')
  tiff.writeUInt16BE(42, 2)
  tiff.writeUInt32BE(8, 4)
  tiff.writeUInt16BE(3, 8) // IFD0: Make, Orientation, GPSInfo
  const entry = (at: number, tag: number, type: number, count: number, value: Buffer) => {
    tiff.writeUInt16BE(tag, at)
    tiff.writeUInt16BE(type, at + 2)
    tiff.writeUInt32BE(count, at + 4)
    value.copy(tiff, at + 8)
  }
  const long = (n: number) => Buffer.from([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255])
  entry(10, 0x010f, 2, 6, long(50))
  entry(22, 0x0112, 3, 1, Buffer.from([0, 6, 0, 0]))
  entry(34, 0x8825, 4, 1, long(56))
  tiff.write('Apple\0', 50, 'ascii')
  tiff.writeUInt16BE(2, 56) // the GPS IFD: GPSLatitudeRef, GPSLatitude
  entry(58, 0x0001, 2, 2, Buffer.from('N\0\0\0', 'ascii'))
  entry(70, 0x0002, 5, 3, long(86))
  ;[59, 1, 54, 1, 50, 1].forEach((n, i) => tiff.writeUInt32BE(n, 86 + i * 4))
  const exif = Buffer.concat([Buffer.from('Exif\0\0', 'ascii'), tiff])
  const length = Buffer.alloc(2)
  length.writeUInt16BE(exif.length + 2)
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xe1]), length, exif, jpeg.subarray(2)])
}
