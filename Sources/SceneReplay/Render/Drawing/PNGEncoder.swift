/// A minimal PNG writer (ISO/IEC 15948) for the pictures' raster layers: an 8-bit indexed-colour
/// image with its palette's alpha, in one zlib stream of stored (uncompressed) deflate blocks, so
/// the same pixels are the same bytes on every run and platform.
///
/// Layout: the signature, `IHDR` (colour type 3, bit depth 8, no interlace), `PLTE` (RGB per
/// entry), `tRNS` (alpha per entry, when any entry is not opaque), one `IDAT` and `IEND`; each
/// chunk ends with the CRC-32 of its type and data. The image data is one filter byte 0 (none)
/// per row, then the row's palette indices; the zlib stream is the header `78 01`, stored blocks
/// of at most 65,535 bytes and the Adler-32 of the data.
enum PNGEncoder {
  /// One palette entry: red, green, blue and alpha, 0...255 (alpha 0 is transparent).
  struct Color: Sendable, Hashable {
    var red: UInt8
    var green: UInt8
    var blue: UInt8
    var alpha: UInt8 = 255
  }

  /// The PNG bytes of a `width` x `height` image whose pixels (row-major from the top-left) are
  /// indices into `palette`.
  ///
  /// - Precondition: `width`, `height` > 0, `pixels.count == width * height`, 1...256 palette
  ///   entries and every index below the palette's count.
  /// - Complexity: O(width x height + palette count).
  static func indexedImage(
    width: Int, height: Int, pixels: [UInt8], palette: [Color]
  ) -> [UInt8] {
    precondition(width > 0 && height > 0 && pixels.count == width * height, "bad image size")
    precondition((1...256).contains(palette.count), "a PNG palette has 1...256 entries")
    precondition(pixels.allSatisfy { Int($0) < palette.count }, "a pixel outside the palette")
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
    header += [8, 3, 0, 0, 0]  // bit depth, colour type, compression, filter, interlace
    appendChunk("IHDR", header, to: &png)
    appendChunk("PLTE", palette.flatMap { [$0.red, $0.green, $0.blue] }, to: &png)
    if palette.contains(where: { $0.alpha != 255 }) {
      appendChunk("tRNS", palette.map(\.alpha), to: &png)
    }
    var raw: [UInt8] = []
    raw.reserveCapacity((width + 1) * height)
    for row in 0..<height {
      raw.append(0)
      raw += pixels[(row * width)..<((row + 1) * width)]
    }
    appendChunk("IDAT", zlibStored(raw), to: &png)
    appendChunk("IEND", [], to: &png)
    return png
  }

  /// `data` as a zlib stream (RFC 1950) of stored deflate blocks (RFC 1951, block type 0): the
  /// header `78 01` (deflate, 32 KiB window, no dictionary, check bits making it a multiple of
  /// 31), blocks of at most 65,535 bytes (`BFINAL` on the last; an empty input is one empty final
  /// block), then the Adler-32 of `data`, big-endian.
  static func zlibStored(_ data: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    var start = 0
    repeat {
      let end = min(start + 65_535, data.count)
      let length = UInt16(end - start)
      out.append(end == data.count ? 1 : 0)
      out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
      out += data[start..<end]
      start = end
    } while start < data.count
    out += bigEndian(adler32(data))
    return out
  }

  /// The CRC-32 of `bytes` (ISO 3309 / ITU-T V.42, the one PNG and zlib use: polynomial
  /// 0xEDB88320 reflected, initial value and final XOR 0xFFFFFFFF), bit by bit.
  static func crc32<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  /// The Adler-32 of `bytes` (RFC 1950): two sums modulo 65,521, `b << 16 | a`.
  static func adler32<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt32 {
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in bytes {
      a = (a + UInt32(byte)) % 65_521
      b = (b + a) % 65_521
    }
    return b << 16 | a
  }

  /// A chunk: the data's length (big-endian), the type, the data and the CRC-32 of type + data.
  static func appendChunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
    let typeBytes = Array(type.utf8)
    png += bigEndian(UInt32(data.count))
    png += typeBytes
    png += data
    png += bigEndian(crc32(typeBytes + data))
  }

  static func bigEndian(_ value: UInt32) -> [UInt8] {
    [
      UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF),
      UInt8(value & 0xFF),
    ]
  }
}
