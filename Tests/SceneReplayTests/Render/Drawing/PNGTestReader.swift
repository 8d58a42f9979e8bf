/// A tiny PNG reader for the tests, written from the PNG and zlib specifications rather than from
/// the encoder: it walks the chunks, checks each chunk's CRC-32 with its own table-driven CRC,
/// reads `IHDR`, `PLTE`, `tRNS` and the `IDAT` data, and inflates the zlib stream when it holds
/// only stored blocks (what the package writes), checking the header, each block's `LEN`/`NLEN`
/// and the Adler-32 trailer. Filter type 0 (none) only.
struct PNGTestReader {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  var width = 0
  var height = 0
  var bitDepth = 0
  var colorType = 0
  /// RGB per palette entry.
  var palette: [[UInt8]] = []
  /// Alpha per palette entry (shorter than the palette or empty when absent).
  var alpha: [UInt8] = []
  /// The chunk types in file order.
  var chunkTypes: [String] = []
  /// The pixels' palette indices, row-major.
  var pixels: [UInt8] = []

  init(_ bytes: [UInt8]) throws {
    let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
    guard bytes.starts(with: signature) else { throw Failure(description: "no PNG signature") }
    var offset = 8
    var idat: [UInt8] = []
    while offset < bytes.count {
      guard offset + 12 <= bytes.count else { throw Failure(description: "truncated chunk") }
      let length = Int(Self.uint32(bytes, offset))
      let typeBytes = Array(bytes[(offset + 4)..<(offset + 8)])
      let type = String(decoding: typeBytes, as: UTF8.self)
      let data = Array(bytes[(offset + 8)..<(offset + 8 + length)])
      let stored = Self.uint32(bytes, offset + 8 + length)
      guard stored == Self.tableCRC(typeBytes + data) else {
        throw Failure(description: "bad CRC in \(type)")
      }
      chunkTypes.append(type)
      switch type {
      case "IHDR":
        width = Int(Self.uint32(data, 0))
        height = Int(Self.uint32(data, 4))
        bitDepth = Int(data[8])
        colorType = Int(data[9])
      case "PLTE":
        palette = stride(from: 0, to: data.count, by: 3).map { Array(data[$0..<($0 + 3)]) }
      case "tRNS": alpha = data
      case "IDAT": idat += data
      default: break
      }
      offset += 12 + length
    }
    let raw = try Self.inflateStored(idat)
    guard raw.count == (width + 1) * height else {
      throw Failure(description: "\(raw.count) bytes of image data for \(width)x\(height)")
    }
    for row in 0..<height {
      let start = row * (width + 1)
      guard raw[start] == 0 else { throw Failure(description: "filter \(raw[start])") }
      pixels += raw[(start + 1)..<(start + 1 + width)]
    }
  }

  static func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
  }

  /// CRC-32 with the usual 256-entry table (the PNG specification's sample code's method).
  static func tableCRC(_ bytes: [UInt8]) -> UInt32 {
    let table: [UInt32] = (0..<256).map { n in
      var c = UInt32(n)
      for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
      return c
    }
    var c: UInt32 = 0xFFFF_FFFF
    for byte in bytes { c = table[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
    return c ^ 0xFFFF_FFFF
  }

  /// The data of a zlib stream made of stored deflate blocks.
  static func inflateStored(_ stream: [UInt8]) throws -> [UInt8] {
    guard stream.count >= 6, stream[0] & 0x0F == 8,
      (Int(stream[0]) * 256 + Int(stream[1])) % 31 == 0, stream[1] & 0x20 == 0
    else { throw Failure(description: "bad zlib header") }
    var offset = 2
    var out: [UInt8] = []
    while true {
      let header = stream[offset]
      guard header >> 1 == 0 else { throw Failure(description: "not a stored block") }
      let length = Int(stream[offset + 1]) | Int(stream[offset + 2]) << 8
      let complement = Int(stream[offset + 3]) | Int(stream[offset + 4]) << 8
      guard length ^ complement == 0xFFFF else { throw Failure(description: "LEN/NLEN") }
      out += stream[(offset + 5)..<(offset + 5 + length)]
      offset += 5 + length
      if header & 1 == 1 { break }
    }
    var a = 1
    var b = 0
    for byte in out {
      a = (a + Int(byte)) % 65_521
      b = (b + a) % 65_521
    }
    guard offset + 4 == stream.count, uint32(stream, offset) == UInt32(b << 16 | a) else {
      throw Failure(description: "bad Adler-32 trailer")
    }
    return out
  }
}
