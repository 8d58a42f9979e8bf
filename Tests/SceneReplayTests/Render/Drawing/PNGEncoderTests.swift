import Testing

@testable import SceneReplay

@Suite("PNGEncoder")
struct PNGEncoderTests {
  /// The check values zlib and the CRC catalogues publish: CRC-32 of "123456789" is 0xCBF43926;
  /// Adler-32 of "Wikipedia" is 0x11E60398 (RFC 1950's example in most references); of nothing,
  /// 0 and 1.
  @Test func checksumsMatchThePublishedCheckValues() {
    #expect(PNGEncoder.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
    #expect(PNGEncoder.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
    #expect(PNGEncoder.crc32([UInt8]()) == 0)
    #expect(PNGEncoder.adler32([UInt8]()) == 1)
  }

  /// The CRC of "IEND" with no data is the constant every PNG ends with: AE 42 60 82.
  @Test func theImageEndsWithTheStandardIENDChunk() {
    let png = PNGEncoder.indexedImage(
      width: 1, height: 1, pixels: [0], palette: [PNGEncoder.Color(red: 1, green: 2, blue: 3)])
    #expect(Array(png.suffix(12)) == [0, 0, 0, 0, 73, 69, 78, 68, 0xAE, 0x42, 0x60, 0x82])
  }

  /// A 3 x 2 image with three palette entries, one transparent, read back by the tests' own
  /// reader: size, colour type 3 at 8 bits, the palette, its alpha, and the pixels row by row.
  @Test func aSmallImageReadsBack() throws {
    let palette = [
      PNGEncoder.Color(red: 0, green: 0, blue: 0, alpha: 0),
      PNGEncoder.Color(red: 255, green: 0, blue: 0),
      PNGEncoder.Color(red: 0, green: 128, blue: 255),
    ]
    let pixels: [UInt8] = [0, 1, 2, 2, 1, 0]
    let png = PNGEncoder.indexedImage(width: 3, height: 2, pixels: pixels, palette: palette)
    let image = try PNGTestReader(png)
    #expect(image.width == 3 && image.height == 2)
    #expect(image.bitDepth == 8 && image.colorType == 3)
    #expect(image.chunkTypes == ["IHDR", "PLTE", "tRNS", "IDAT", "IEND"])
    #expect(image.palette == [[0, 0, 0], [255, 0, 0], [0, 128, 255]])
    #expect(image.alpha == [0, 255, 255])
    #expect(image.pixels == pixels)
  }

  /// 300 x 300 pixels are 300 x 301 = 90,300 bytes of image data: two stored blocks (65,535 and
  /// 24,765 bytes). An opaque palette writes no tRNS chunk.
  @Test func aLargeImageSpansTwoStoredBlocks() throws {
    let pixels = (0..<(300 * 300)).map { UInt8($0 % 7) }
    let palette = (0..<7).map { PNGEncoder.Color(red: UInt8($0 * 30), green: 0, blue: 0) }
    let png = PNGEncoder.indexedImage(width: 300, height: 300, pixels: pixels, palette: palette)
    let image = try PNGTestReader(png)
    #expect(image.pixels == pixels)
    #expect(!image.chunkTypes.contains("tRNS"))
    let stream = PNGEncoder.zlibStored(Array(repeating: 9, count: 90_300))
    // Header, two block headers of 5 bytes, the data and the 4-byte trailer.
    #expect(stream.count == 2 + 5 + 5 + 90_300 + 4)
    #expect(stream[2] == 0 && stream[2 + 5 + 65_535] == 1)
    #expect(try PNGTestReader.inflateStored(stream).count == 90_300)
  }

  /// An empty input is one empty final stored block: 78 01, 01 00 00 FF FF, Adler-32 1.
  @Test func anEmptyStreamIsOneEmptyFinalBlock() {
    #expect(PNGEncoder.zlibStored([]) == [0x78, 0x01, 1, 0, 0, 0xFF, 0xFF, 0, 0, 0, 1])
  }
}
